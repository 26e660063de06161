import { router } from '../../trpc/init';

export const adminEmailLogsRouter = router({});
