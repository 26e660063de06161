import { createPackageInput, idInput, updatePackageInput } from '../../../shared/schemas/catalog-admin';
import { createPackage, deletePackage, updatePackage } from '../../services/admin-catalog/packages';
import { adminProcedure, router } from '../../trpc/init';

export const adminPackagesRouter = router({
  create: adminProcedure.input(createPackageInput).mutation(({ ctx, input }) => createPackage(ctx.db, input, ctx.clock.now())),
  update: adminProcedure.input(updatePackageInput).mutation(({ ctx, input: { id, ...changes } }) => updatePackage(ctx.db, id, changes)),
  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    deletePackage(ctx.db, input.id);
    return { id: input.id };
  }),
});
