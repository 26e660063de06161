import { categoryOutput } from '../../../shared/schemas/catalog';
import { createCategoryInput, updateCategoryInput } from '../../../shared/schemas/catalog-admin';
import { createCategory, deleteCategory, getCategory, updateCategory } from '../../services/admin-catalog/categories';
import { router } from '../../trpc/init';
import { catalogueItemProcedures } from './catalogue-item';

export const adminCategoriesRouter = router(
  catalogueItemProcedures({
    entity: 'category',
    createInput: createCategoryInput,
    updateInput: updateCategoryInput,
    output: categoryOutput,
    get: getCategory,
    create: (ctx, input) => createCategory(ctx.db, input),
    update: updateCategory,
    remove: deleteCategory,
  }),
);
