// The email log as the admin's Email Logs tab reads it (docs/PRODUCT.md "The admin area").
import { z } from 'zod';
import { int, when } from './answer-fields';

export const emailLogOutput = z.object({
  id: int(),
  createdAt: when(),
  sentAt: when().nullable(),
  to: z.string(),
  type: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  error: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  /** The HTML part as sent. */
  content: z.string(),
  /** The linked account, if it still exists. */
  user: z.object({ firstname: z.string(), lastname: z.string(), companyName: z.string(), username: z.string() }).nullable(),
});
export type EmailLogDto = z.infer<typeof emailLogOutput>;
