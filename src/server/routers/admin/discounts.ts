import { createDiscountInput, idInput, updateDiscountInput } from '../../../shared/schemas/catalog-admin';
import { createDiscount, deleteDiscount, updateDiscount } from '../../services/admin-catalog/discounts';
import { adminProcedure, router } from '../../trpc/init';

export const adminDiscountsRouter = router({
  create: adminProcedure.input(createDiscountInput).mutation(({ ctx, input }) => createDiscount(ctx.db, input)),
  update: adminProcedure
    .input(updateDiscountInput)
    .mutation(({ ctx, input: { id, ...changes } }) => updateDiscount(ctx.db, id, changes)),
  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteDiscount(ctx.db, input.id);
    return { id: input.id };
  }),
});
