import { listEmailLogs } from '../../services/email-logs';
import { adminProcedure, router } from '../../trpc/init';
import { emailLogOutput } from '../../../shared/schemas/email-logs';
import { answer } from '../../trpc/answer';

export const adminEmailLogsRouter = router({
  /** Newest first, each with its linked user's names (null when none or deleted). */
  list: adminProcedure.output(answer(emailLogOutput.array())).query(({ ctx }) => listEmailLogs(ctx.db)),
});
