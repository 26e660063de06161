import { router } from '../../trpc/init';

export const adminTiersRouter = router({});
