import { companyInput } from '../../../shared/schemas/company';
import { updateCompany } from '../../services/company';
import { adminProcedure, router } from '../../trpc/init';
import { companyOutput } from '../../../shared/schemas/company';
import { answer } from '../../trpc/answer';

/** The seller as customers see it (the Company tab). */
export const adminCompanyRouter = router({
  update: adminProcedure
    .input(companyInput)
    .output(answer(companyOutput))
    .mutation(({ ctx, input }) => updateCompany(ctx.db, ctx.clock, ctx.config, ctx.user, input)),
});
