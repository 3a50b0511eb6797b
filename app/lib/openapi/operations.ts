// Operation descriptions that several routes share, so a rule they follow is told once.
import { z } from 'zod';
import { CardDtoSchema } from '#server/cards/card.dto';
import type { OperationDoc } from './describe';
import { CARD } from './examples';
import { Ok } from './shapes';

/** A route that takes `{ids}`: POST as the interface says, PUT alike for older clients. */
export function idListDoc(
  summary: string,
  ids: string[],
  options: { params?: Record<string, string>; errors?: number[] } = {},
) {
  const doc: OperationDoc = {
    summary,
    response: Ok,
    errors: options.errors,
    example: { params: options.params, body: { ids }, response: { ok: true } },
  };
  return { POST: doc, PUT: { ...doc, summary: `${summary} (PUT, for older clients)` } };
}

/** Opening an account (the first administrator, a registration): a username and the password typed twice. */
export function openAccountDoc(
  summary: string,
  username: string,
  password: string,
  more: Partial<OperationDoc>,
): OperationDoc {
  return {
    summary,
    response: Ok.extend({ username: z.string() }),
    example: {
      body: { username, password, confirmPassword: password },
      response: { ok: true, username },
    },
    ...more,
  };
}

/** A social or note card as the dashboard shows it (the `card` of their answers). */
export const cardOf = (item: { id: string }, cardType: string) => ({ ...CARD, id: item.id, cardType });

/** PUT of a social or note card: its own view (`item`) and the card as the dashboard shows it. */
export function cardChangeDoc<T extends z.ZodObject>(
  summary: string,
  Item: T,
  item: { id: string },
  cardType: string,
  change: Record<string, string>,
): OperationDoc {
  return {
    summary,
    response: z.object({ item: Item, card: CardDtoSchema }),
    errors: [404],
    example: {
      body: { id: item.id, ...change },
      response: { item: { ...item, ...change }, card: cardOf(item, cardType) },
    },
  };
}
