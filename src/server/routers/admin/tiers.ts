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
import { adminProcedure, router } from '../../trpc/init';

/** Single-tier writes answer the tier; `replace` (Save Changes, Auto-Generate) answers the package. */
export const adminTiersRouter = router({
  createUnit: adminProcedure
    .input(createUnitTierInput)
    .mutation(({ ctx, input: t }) => createUnitTier(ctx.db, t.packageId, { min: t.minSqm, max: t.maxSqm, price: t.pricePerSqm })),
  updateUnit: adminProcedure
    .input(updateUnitTierInput)
    .mutation(({ ctx, input: t }) =>
      updateUnitTier(ctx.db, t.packageId, t.tierId, { min: t.minSqm, max: t.maxSqm, price: t.pricePerSqm }),
    ),
  deleteUnit: adminProcedure.input(deleteTierInput).mutation(({ ctx, input }) => {
    deleteUnitTier(ctx.db, input.packageId, input.tierId);
    return { id: input.tierId };
  }),
  createUser: adminProcedure
    .input(createUserTierInput)
    .mutation(({ ctx, input: t }) => createUserTier(ctx.db, t.packageId, { min: t.minUsers, max: t.maxUsers, price: t.pricePerUser })),
  updateUser: adminProcedure
    .input(updateUserTierInput)
    .mutation(({ ctx, input: t }) =>
      updateUserTier(ctx.db, t.packageId, t.tierId, { min: t.minUsers, max: t.maxUsers, price: t.pricePerUser }),
    ),
  deleteUser: adminProcedure.input(deleteTierInput).mutation(({ ctx, input }) => {
    deleteUserTier(ctx.db, input.packageId, input.tierId);
    return { id: input.tierId };
  }),
  replace: adminProcedure
    .input(replaceTiersInput)
    .mutation(({ ctx, input }) => replaceTiers(ctx.db, input.packageId, input.kind, input.tiers)),
});
