import { auditQueryInput } from '../../../shared/schemas/audit';
import { auditCsvChunks, listAudit } from '../../services/audit';
import { adminProcedure, router } from '../../trpc/init';
import { adminAuditPageOutput, auditCsvOutput } from '../../../shared/schemas/audit';
import { answer } from '../../trpc/answer';

/** The audit trail: read only; nothing changes or removes an entry. */
export const adminAuditRouter = router({
  /** Newest first, one page, with the total of matching entries. */
  list: adminProcedure
    .input(auditQueryInput)
    .output(answer(adminAuditPageOutput))
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
  /**
   * Every matching entry as CSV, produced in chunks that leave the event loop to other requests in between
   * (services/audit.ts auditCsvChunks). GET /api/admin/audit.csv streams `chunks()`; a function is no JSON, so the
   * tRPC door answers only the file's name and type (a whole export in one JSON answer is what this avoids).
   */
  csv: adminProcedure
    .input(auditQueryInput)
    .output(answer(auditCsvOutput))
    .query(({ ctx, input }) => ({
      fileName: 'audit.csv',
      contentType: 'text/csv; charset=utf-8',
      chunks: () => auditCsvChunks(ctx.db, input),
    })),
});
