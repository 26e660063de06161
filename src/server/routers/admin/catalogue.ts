import { catalogueImportInput, catalogueImportOutput } from '../../../shared/schemas/catalogue-file';
import { exportCatalogue, importCatalogue } from '../../services/catalogue-file';
import { adminProcedure, router } from '../../trpc/init';

/** The catalogue as a file (admin.catalogue.*): REST GET / PUT /api/admin/catalogue. */
export const adminCatalogueRouter = router({
  export: adminProcedure.query(({ ctx }) => exportCatalogue(ctx.db)),
  /** Makes the catalogue equal to the file, or (dryRun) answers what that would change. */
  import: adminProcedure
    .input(catalogueImportInput)
    .output(catalogueImportOutput)
    .mutation(({ ctx, input }) => importCatalogue(ctx.db, ctx.clock, { userId: ctx.user.id }, input.catalogue, input.dryRun)),
});
