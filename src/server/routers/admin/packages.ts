import { createPackageInput, idInput, updatePackageInput } from '../../../shared/schemas/catalog-admin';
import { createPackage, deletePackage, getPackage, updatePackage } from '../../services/admin-catalog/packages';
import { audited } from '../../services/audit';
import { adminProcedure, router } from '../../trpc/init';
import { deletedOutput } from '../../../shared/schemas/answer-fields';
import { packageOutput } from '../../../shared/schemas/catalog';
import { answer } from '../../trpc/answer';

// Every catalogue write is recorded with the value before and after, in the write's transaction (services/audit.ts).
export const adminPackagesRouter = router({
  create: adminProcedure
    .input(createPackageInput)
    .output(answer(packageOutput))
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'package', action: 'create' },
        () => null,
        () => createPackage(ctx.db, input, ctx.clock.now()),
        (p) => ({ entityId: p.id, value: p }),
      ),
    ),
  update: adminProcedure
    .input(updatePackageInput)
    .output(answer(packageOutput))
    .mutation(({ ctx, input: { id, ...changes } }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'package', action: 'update', entityId: id },
        () => getPackage(ctx.db, id),
        () => updatePackage(ctx.db, id, changes),
        (p) => ({ entityId: p.id, value: p }),
      ),
    ),
  delete: adminProcedure
    .input(idInput)
    .output(answer(deletedOutput))
    .mutation(async ({ ctx, input }) => {
      await audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'package', action: 'delete', entityId: input.id },
        () => getPackage(ctx.db, input.id),
        () => deletePackage(ctx.db, input.id),
        () => undefined,
      );
      return { id: input.id };
    }),
});
