import { router } from '../trpc/init';

export const configurationsRouter = router({});
