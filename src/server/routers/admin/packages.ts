import { router } from '../../trpc/init';

export const adminPackagesRouter = router({});
