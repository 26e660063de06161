import { companyInput } from '../../../shared/schemas/company';
import { updateCompany } from '../../services/company';
import { adminProcedure, router } from '../../trpc/init';

/** The seller as customers see it (the Company tab). */
export const adminCompanyRouter = router({
  update: adminProcedure.input(companyInput).mutation(({ ctx, input }) => updateCompany(ctx.db, ctx.clock, ctx.config, ctx.user, input)),
});
