import { router } from '../../trpc/init';

export const adminUsersRouter = router({});
