// The zod field for colours (browser-safe): empty means none, anything else must be CSS colour syntax.
import { z } from 'zod';
import { isCssColour } from './colour.shared';

export const COLOUR_MESSAGE =
  'Use a CSS colour such as #3b82f6, rgb(59 130 246), a colour name or transparent';

export function colourField(max = 30) {
  return z
    .string()
    .trim()
    .max(max, `Colour must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCssColour(v), COLOUR_MESSAGE);
}
