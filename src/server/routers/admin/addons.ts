import { addOnOutput } from '../../../shared/schemas/catalog';
import { createAddOnInput, setAvailabilityInput, updateAddOnInput } from '../../../shared/schemas/catalog-admin';
import { createAddOn, deleteAddOn, getAddOn, updateAddOn } from '../../services/admin-catalog/addons';
import { answer } from '../../trpc/answer';
import { adminProcedure, router } from '../../trpc/init';
import { auditedUpdate, catalogueItemProcedures } from './catalogue-item';

export const adminAddonsRouter = router({
  ...catalogueItemProcedures({
    entity: 'addon',
    createInput: createAddOnInput,
    updateInput: updateAddOnInput,
    output: addOnOutput,
    get: getAddOn,
    create: (ctx, input) => createAddOn(ctx.db, input),
    update: updateAddOn,
    remove: deleteAddOn,
  }),
  /** The availability checkboxes of the Add-ons tab: changes nothing but availableForPackages. */
  setAvailability: adminProcedure
    .input(setAvailabilityInput)
    .output(answer(addOnOutput))
    .mutation(({ ctx, input }) =>
      auditedUpdate(
        ctx,
        'addon',
        input.id,
        () => getAddOn(ctx.db, input.id),
        () => updateAddOn(ctx.db, input.id, { availableForPackages: input.availableForPackages }),
      ),
    ),
});
