import { createCategoryInput, idInput, updateCategoryInput } from '../../../shared/schemas/catalog-admin';
import { createCategory, deleteCategory, updateCategory } from '../../services/admin-catalog/categories';
import { adminProcedure, router } from '../../trpc/init';

export const adminCategoriesRouter = router({
  create: adminProcedure.input(createCategoryInput).mutation(({ ctx, input }) => createCategory(ctx.db, input)),
  update: adminProcedure
    .input(updateCategoryInput)
    .mutation(({ ctx, input: { id, ...changes } }) => updateCategory(ctx.db, id, changes)),
  delete: adminProcedure.input(idInput).mutation(({ ctx, input }) => {
    deleteCategory(ctx.db, input.id);
    return { id: input.id };
  }),
});
