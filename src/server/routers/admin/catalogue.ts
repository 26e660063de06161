import { catalogueImportInput, catalogueImportOutput } from '../../../shared/schemas/catalogue-file';
import { exportCatalogue, importCatalogue } from '../../services/catalogue-file';
import { adminProcedure, router } from '../../trpc/init';
import { catalogueFileOutput } from '../../../shared/schemas/catalogue-file';
import { answer } from '../../trpc/answer';

/** The catalogue as a file (admin.catalogue.*): REST GET / PUT /api/admin/catalogue. */
export const adminCatalogueRouter = router({
  export: adminProcedure.output(answer(catalogueFileOutput)).query(({ ctx }) => exportCatalogue(ctx.db)),
  /** Makes the catalogue equal to the file, or (dryRun) answers what that would change. */
  import: adminProcedure
    .input(catalogueImportInput)
    .output(answer(catalogueImportOutput))
    .mutation(({ ctx, input }) => importCatalogue(ctx.db, ctx.clock, { userId: ctx.user.id }, input.catalogue, input.dryRun)),
});
