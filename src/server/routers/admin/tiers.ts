import {
  createUnitTierInput,
  createUserTierInput,
  deleteTierInput,
  replaceTiersInput,
  updateUnitTierInput,
  updateUserTierInput,
} from '../../../shared/schemas/catalog-admin';
import {
  createUnitTier,
  createUserTier,
  deleteUnitTier,
  deleteUserTier,
  replaceTiers,
  updateUnitTier,
  updateUserTier,
} from '../../services/admin-catalog/tiers';
import { getPackage } from '../../services/admin-catalog/packages';
import { audited } from '../../services/audit';
import type { NotPromise } from '../../db/database';
import type { Context } from '../../trpc/context';
import { adminProcedure, router } from '../../trpc/init';
import { deletedOutput } from '../../../shared/schemas/answer-fields';
import { packageOutput, priceTierOutput, userPriceTierOutput } from '../../../shared/schemas/catalog';
import { answer } from '../../trpc/answer';

/** A tier write is a change of its package's prices: recorded as the package before and after. */
function tierChange<T extends NotPromise>(ctx: Context & { user: { id: number } }, packageId: number, change: () => T): Promise<T> {
  return audited(
    ctx.db,
    ctx.clock,
    { userId: ctx.user.id },
    { entity: 'package', action: 'update', entityId: packageId },
    () => getPackage(ctx.db, packageId),
    change,
    () => ({ entityId: packageId, value: getPackage(ctx.db, packageId) }),
  );
}

/** Single-tier writes answer the tier; `replace` (Save Changes, Auto-Generate) answers the package. */
export const adminTiersRouter = router({
  createUnit: adminProcedure
    .input(createUnitTierInput)
    .output(answer(priceTierOutput))
    .mutation(({ ctx, input: t }) =>
      tierChange(ctx, t.packageId, () => createUnitTier(ctx.db, t.packageId, { min: t.minSqm, max: t.maxSqm, price: t.pricePerSqm })),
    ),
  updateUnit: adminProcedure
    .input(updateUnitTierInput)
    .output(answer(priceTierOutput))
    .mutation(({ ctx, input: t }) =>
      tierChange(ctx, t.packageId, () => updateUnitTier(ctx.db, t.packageId, t.tierId, { min: t.minSqm, max: t.maxSqm, price: t.pricePerSqm })),
    ),
  deleteUnit: adminProcedure
    .input(deleteTierInput)
    .output(answer(deletedOutput))
    .mutation(async ({ ctx, input }) => {
      await tierChange(ctx, input.packageId, () => deleteUnitTier(ctx.db, input.packageId, input.tierId));
      return { id: input.tierId };
    }),
  createUser: adminProcedure
    .input(createUserTierInput)
    .output(answer(userPriceTierOutput))
    .mutation(({ ctx, input: t }) =>
      tierChange(ctx, t.packageId, () => createUserTier(ctx.db, t.packageId, { min: t.minUsers, max: t.maxUsers, price: t.pricePerUser })),
    ),
  updateUser: adminProcedure
    .input(updateUserTierInput)
    .output(answer(userPriceTierOutput))
    .mutation(({ ctx, input: t }) =>
      tierChange(ctx, t.packageId, () => updateUserTier(ctx.db, t.packageId, t.tierId, { min: t.minUsers, max: t.maxUsers, price: t.pricePerUser })),
    ),
  deleteUser: adminProcedure
    .input(deleteTierInput)
    .output(answer(deletedOutput))
    .mutation(async ({ ctx, input }) => {
      await tierChange(ctx, input.packageId, () => deleteUserTier(ctx.db, input.packageId, input.tierId));
      return { id: input.tierId };
    }),
  replace: adminProcedure
    .input(replaceTiersInput)
    .output(answer(packageOutput))
    .mutation(({ ctx, input }) => tierChange(ctx, input.packageId, () => replaceTiers(ctx.db, input.packageId, input.kind, input.tiers))),
});
