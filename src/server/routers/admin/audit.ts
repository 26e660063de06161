import { auditQueryInput } from '../../../shared/schemas/audit';
import { allAudit, auditCsv, listAudit } from '../../services/audit';
import { adminProcedure, router } from '../../trpc/init';

/** The audit trail (CONTRACT §7): read only; nothing changes or removes an entry. */
export const adminAuditRouter = router({
  /** Newest first, one page, with the total of matching entries. */
  list: adminProcedure.input(auditQueryInput).query(({ ctx, input }) => listAudit(ctx.db, input)),
  /** Every matching entry as CSV text (GET /api/admin/audit.csv). */
  csv: adminProcedure.input(auditQueryInput).query(({ ctx, input }) => ({ csv: auditCsv(allAudit(ctx.db, input)) })),
});
