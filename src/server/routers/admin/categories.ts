import { router } from '../../trpc/init';

export const adminCategoriesRouter = router({});
