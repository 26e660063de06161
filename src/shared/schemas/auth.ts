// Account inputs with the seed's exact messages (seed 000 §5). The forms and the server validate with these.
import { z } from 'zod';

export const loginInput = z.object({
  username: z.string({ error: 'Please enter a valid email address' }).trim().email('Please enter a valid email address'),
  password: z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters'),
});
export type LoginInput = z.infer<typeof loginInput>;
