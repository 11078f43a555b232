import { createReportInputSchema, reportReceiptSchema } from '@tonieshelf/shared/schemas/moderation';
import { createReport } from '../../moderation/service';
import { publicProcedure, router } from '../trpc';

export const reportRouter = router({
  /**
   * A report about content or a message of the contact form, from anyone (signed in: the
   * account's name and email; signed out: name and email required). Answers the reference.
   */
  create: publicProcedure
    .input(createReportInputSchema)
    .output(reportReceiptSchema)
    .mutation(({ ctx, input }) => createReport(ctx, { user: ctx.user, ip: ctx.ip, language: ctx.language }, input)),
});
