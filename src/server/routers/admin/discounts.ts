import { router } from '../../trpc/init';

export const adminDiscountsRouter = router({});
