import { publicProcedure } from '../trpc/init';
import { healthOutput } from '../../shared/schemas/api-description';
import { answer } from '../trpc/answer';

/** Liveness: answers only when the database answers a query (REST: GET /api/health). */
export const healthProcedure = publicProcedure.output(answer(healthOutput)).query(({ ctx }) => {
  ctx.db.$client.prepare('select 1').get();
  return { status: 'ok' as const };
});
