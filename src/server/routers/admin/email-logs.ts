import { listEmailLogs } from '../../services/email-logs';
import { adminProcedure, router } from '../../trpc/init';

export const adminEmailLogsRouter = router({
  /** Newest first, each with its linked user's names (null when none or deleted). */
  list: adminProcedure.query(({ ctx }) => listEmailLogs(ctx.db)),
});
