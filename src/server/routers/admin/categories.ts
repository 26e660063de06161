import { createCategoryInput, idInput, updateCategoryInput } from '../../../shared/schemas/catalog-admin';
import { createCategory, deleteCategory, getCategory, updateCategory } from '../../services/admin-catalog/categories';
import { audited } from '../../services/audit';
import { adminProcedure, router } from '../../trpc/init';
import { deletedOutput } from '../../../shared/schemas/answer-fields';
import { categoryOutput } from '../../../shared/schemas/catalog';
import { answer } from '../../trpc/answer';

export const adminCategoriesRouter = router({
  create: adminProcedure
    .input(createCategoryInput)
    .output(answer(categoryOutput))
    .mutation(({ ctx, input }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'category', action: 'create' },
        () => null,
        () => createCategory(ctx.db, input),
        (c) => ({ entityId: c.id, value: c }),
      ),
    ),
  update: adminProcedure
    .input(updateCategoryInput)
    .output(answer(categoryOutput))
    .mutation(({ ctx, input: { id, ...changes } }) =>
      audited(
        ctx.db,
        ctx.clock,
        { userId: ctx.user.id },
        { entity: 'category', action: 'update', entityId: id },
        () => getCategory(ctx.db, id),
        () => updateCategory(ctx.db, id, changes),
        (c) => ({ entityId: c.id, value: c }),
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
        { entity: 'category', action: 'delete', entityId: input.id },
        () => getCategory(ctx.db, input.id),
        () => deleteCategory(ctx.db, input.id),
        () => undefined,
      );
      return { id: input.id };
    }),
});
