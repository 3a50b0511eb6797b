import { z } from 'zod';
import { textError } from '../forms/fields.schema';

/** `POST /api/undo`: the `undoToken` a deletion returned. */
export const UndoSchema = z.object({
  token: z.string(textError('token is required')).trim().min(1, 'token is required').max(200),
});
export type UndoInput = z.infer<typeof UndoSchema>;
