import { createAddOnInput, idInput, setAvailabilityInput, updateAddOnInput } from '../../../shared/schemas/catalog-admin';
import { createAddOn, deleteAddOn, updateAddOn } from '../../services/admin-catalog/addons';
import { adminProcedure, router } from '../../trpc/init';

export const adminAddonsRouter = router({
  create: adminProcedure.input(createAddOnInput).mutation(({ ctx, input }) => createAddOn(ctx.db, input)),
  update: adminProcedure.input(updateAddOnInput).mutation(({ ctx, input: { id, ...changes } }) => updateAddOn(ctx.db, id, changes)),
  /** The availability checkboxes of the Add-ons tab: changes nothing but availableForPackages. */
  setAvailability: adminProcedure
    .input(setAvailabilityInput)
    .mutation(({ ctx, input }) => updateAddOn(ctx.db, input.id, { availableForPackages: input.availableForPackages })),
  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteAddOn(ctx.db, input.id);
    return { id: input.id };
  }),
});
