import { createDiscountInput, idInput, updateDiscountInput } from '../../../shared/schemas/catalog-admin';
import { createDiscount, deleteDiscount, getDiscount, updateDiscount } from '../../services/admin-catalog/discounts';
import { audited } from '../../services/audit';
import { adminProcedure, router } from '../../trpc/init';
import { deletedOutput } from '../../../shared/schemas/answer-fields';
import { discountOutput } from '../../../shared/schemas/catalog';
import { answer } from '../../trpc/answer';

export const adminDiscountsRouter = router({
  create: adminProcedure
    .input(createDiscountInput)
    .output(answer(discountOutput))
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'discount', action: 'create' },
        () => null,
        () => createDiscount(ctx.db, input),
        (d) => ({ entityId: d.id, value: d }),
      ),
    ),
  update: adminProcedure
    .input(updateDiscountInput)
    .output(answer(discountOutput))
    .mutation(({ ctx, input: { id, ...changes } }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'discount', action: 'update', entityId: id },
        () => getDiscount(ctx.db, id),
        () => updateDiscount(ctx.db, id, changes),
        (d) => ({ entityId: d.id, value: d }),
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
        { entity: 'discount', action: 'delete', entityId: input.id },
        () => getDiscount(ctx.db, input.id),
        () => deleteDiscount(ctx.db, input.id),
        () => undefined,
      );
      return { id: input.id };
    }),
});
