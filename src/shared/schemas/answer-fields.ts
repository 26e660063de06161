// The building blocks of the answer schemas (`…Output`): what the API answers, as the procedures declare it
// (src/server/trpc/answer.ts) and the API description shows it.
import { z } from 'zod';

/** A whole number. */
export const int = () => z.number().int();
/** Money as the REST answers give it: a two-decimal string (docs/PRODUCT.md "The API's conventions"). */
export const money = () => z.string().describe('Euro, two decimals');
/** A moment: an ISO 8601 string. */
export const when = () => z.string().describe('ISO 8601');
/** Any JSON value, always present (z.unknown() would make its key optional). */
export const anyValue = () => z.custom<unknown>((v) => v !== undefined);

/** What a write that has nothing else to say answers. */
export const successOutput = z.object({ success: z.boolean() });
/** A sentence for the person who asked. */
export const messageOutput = z.object({ message: z.string() });
/** What a catalogue delete answers: the id it removed. */
export const deletedOutput = z.object({ id: int() });
