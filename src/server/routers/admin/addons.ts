import { router } from '../../trpc/init';

export const adminAddonsRouter = router({});
