import {
  contestInputSchema,
  decisionIdInputSchema,
  decisionSchema,
  itemActionInputSchema,
  logInputSchema,
  logSchema,
  queueInputSchema,
  queueSchema,
  setRoleInputSchema,
  staffMemberSchema,
  suspendInputSchema,
  tagIdInputSchema,
  unsuspendInputSchema,
  upholdInputSchema,
  userSearchInputSchema,
  waitingTagSchema,
} from '@tonieshelf/shared/schemas/moderation';
import { z } from 'zod';
import * as decisions from '../../moderation/decisions';
import { getLog } from '../../moderation/log';
import { getQueue } from '../../moderation/queue';
import * as roles from '../../moderation/roles';
import * as tags from '../../moderation/tags';
import { invalidates, protectedProcedure, router } from '../trpc';

// Every procedure needs a signed-in user (401 otherwise); the services check the role (403).
// Every write that can change what lists show invalidates the read cache.
const moderationWrite = protectedProcedure.use(invalidates('audio', 'catalogue', 'sets'));

export const moderationRouter = router({
  // Moderators and admins.
  queue: protectedProcedure.meta({ cache: 'private' }).input(queueInputSchema).output(queueSchema).query(({ ctx, input }) => getQueue(ctx, ctx.user, input)),
  act: moderationWrite.input(itemActionInputSchema).output(decisionSchema).mutation(({ ctx, input }) => decisions.act(ctx, ctx.user, input)),
  suspend: moderationWrite.input(suspendInputSchema).output(decisionSchema).mutation(({ ctx, input }) => decisions.suspend(ctx, ctx.user, input)),
  unsuspend: moderationWrite.input(unsuspendInputSchema).output(decisionSchema).mutation(({ ctx, input }) => decisions.unsuspend(ctx, ctx.user, input)),
  uphold: moderationWrite.input(upholdInputSchema).output(decisionSchema).mutation(({ ctx, input }) => decisions.uphold(ctx, ctx.user, input)),
  waitingTags: protectedProcedure.meta({ cache: 'private' }).output(z.array(waitingTagSchema)).query(({ ctx }) => tags.waitingTags(ctx, ctx.user)),
  approveTag: moderationWrite.input(tagIdInputSchema).output(z.object({ ok: z.literal(true) })).mutation(({ ctx, input }) => tags.approveTag(ctx, ctx.user, input.tagId)),

  // Admins.
  log: protectedProcedure.meta({ cache: 'private' }).input(logInputSchema).output(logSchema).query(({ ctx, input }) => getLog(ctx, ctx.user, input)),
  staff: protectedProcedure.meta({ cache: 'private' }).output(z.array(staffMemberSchema)).query(({ ctx }) => roles.listStaff(ctx, ctx.user)),
  findUsers: protectedProcedure.meta({ cache: 'private' }).input(userSearchInputSchema).output(z.array(staffMemberSchema)).query(({ ctx, input }) => roles.findUsers(ctx, ctx.user, input.query)),
  setRole: protectedProcedure.input(setRoleInputSchema).output(staffMemberSchema).mutation(({ ctx, input }) => roles.setRole(ctx, ctx.user, input)),

  // The person a decision concerns (and staff).
  decision: protectedProcedure.meta({ cache: 'private' }).input(decisionIdInputSchema).output(decisionSchema).query(({ ctx, input }) => decisions.getDecision(ctx, ctx.user, input.id)),
  myDecisions: protectedProcedure.meta({ cache: 'private' }).output(z.array(decisionSchema)).query(({ ctx }) => decisions.myDecisions(ctx, ctx.user)),
  contest: protectedProcedure.input(contestInputSchema).output(decisionSchema).mutation(({ ctx, input }) => decisions.contest(ctx, ctx.user, input)),
});
