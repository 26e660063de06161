import { discountOutput } from '../../../shared/schemas/catalog';
import { createDiscountInput, updateDiscountInput } from '../../../shared/schemas/catalog-admin';
import { createDiscount, deleteDiscount, getDiscount, updateDiscount } from '../../services/admin-catalog/discounts';
import { router } from '../../trpc/init';
import { catalogueItemProcedures } from './catalogue-item';

export const adminDiscountsRouter = router(
  catalogueItemProcedures({
    entity: 'discount',
    createInput: createDiscountInput,
    updateInput: updateDiscountInput,
    output: discountOutput,
    get: getDiscount,
    create: (ctx, input) => createDiscount(ctx.db, input),
    update: updateDiscount,
    remove: deleteDiscount,
  }),
);
