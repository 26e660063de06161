import { publicProcedure } from '../trpc/init';

/** Liveness: answers only when the database answers a query (REST: GET /api/health). */
export const healthProcedure = publicProcedure.query(({ ctx }) => {
  ctx.db.$client.prepare('select 1').get();
  return { status: 'ok' as const };
});
