import { createAddOnInput, idInput, setAvailabilityInput, updateAddOnInput } from '../../../shared/schemas/catalog-admin';
import { createAddOn, deleteAddOn, getAddOn, updateAddOn } from '../../services/admin-catalog/addons';
import { audited } from '../../services/audit';
import { adminProcedure, router } from '../../trpc/init';
import { deletedOutput } from '../../../shared/schemas/answer-fields';
import { addOnOutput } from '../../../shared/schemas/catalog';
import { answer } from '../../trpc/answer';

export const adminAddonsRouter = router({
  create: adminProcedure
    .input(createAddOnInput)
    .output(answer(addOnOutput))
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'addon', action: 'create' },
        () => null,
        () => createAddOn(ctx.db, input),
        (a) => ({ entityId: a.id, value: a }),
      ),
    ),
  update: adminProcedure
    .input(updateAddOnInput)
    .output(answer(addOnOutput))
    .mutation(({ ctx, input: { id, ...changes } }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'addon', action: 'update', entityId: id },
        () => getAddOn(ctx.db, id),
        () => updateAddOn(ctx.db, id, changes),
        (a) => ({ entityId: a.id, value: a }),
      ),
    ),
  /** The availability checkboxes of the Add-ons tab: changes nothing but availableForPackages. */
  setAvailability: adminProcedure
    .input(setAvailabilityInput)
    .output(answer(addOnOutput))
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'addon', action: 'update', entityId: input.id },
        () => getAddOn(ctx.db, input.id),
        () => updateAddOn(ctx.db, input.id, { availableForPackages: input.availableForPackages }),
        (a) => ({ entityId: a.id, value: a }),
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
        { entity: 'addon', action: 'delete', entityId: input.id },
        () => getAddOn(ctx.db, input.id),
        () => deleteAddOn(ctx.db, input.id),
        () => undefined,
      );
      return { id: input.id };
    }),
});
