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
import * as moderation from '../../moderation/service';
import { invalidates, protectedProcedure, router } from '../trpc';

// Every procedure needs a signed-in user (401 otherwise); the services check the role (403).
// Every write that can change what lists show invalidates the read cache.
const moderationWrite = protectedProcedure.use(invalidates('audio', 'catalogue', 'sets'));

export const moderationRouter = router({
  // Moderators and admins.
  queue: protectedProcedure
    .meta({ cache: 'private' })
    .input(queueInputSchema)
    .output(queueSchema)
    .query(({ ctx, input }) => moderation.getQueue(ctx, ctx.user, input)),
  act: moderationWrite
    .input(itemActionInputSchema)
    .output(decisionSchema)
    .mutation(({ ctx, input }) => moderation.act(ctx, ctx.user, input)),
  suspend: moderationWrite
    .input(suspendInputSchema)
    .output(decisionSchema)
    .mutation(({ ctx, input }) => moderation.suspend(ctx, ctx.user, input)),
  unsuspend: moderationWrite
    .input(unsuspendInputSchema)
    .output(decisionSchema)
    .mutation(({ ctx, input }) => moderation.unsuspend(ctx, ctx.user, input)),
  uphold: moderationWrite
    .input(upholdInputSchema)
    .output(decisionSchema)
    .mutation(({ ctx, input }) => moderation.uphold(ctx, ctx.user, input)),
  waitingTags: protectedProcedure
    .meta({ cache: 'private' })
    .output(z.array(waitingTagSchema))
    .query(({ ctx }) => moderation.waitingTags(ctx, ctx.user)),
  approveTag: moderationWrite
    .input(tagIdInputSchema)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => moderation.approveTag(ctx, ctx.user, input.tagId)),

  // Admins.
  log: protectedProcedure
    .meta({ cache: 'private' })
    .input(logInputSchema)
    .output(logSchema)
    .query(({ ctx, input }) => moderation.getLog(ctx, ctx.user, input)),
  staff: protectedProcedure
    .meta({ cache: 'private' })
    .output(z.array(staffMemberSchema))
    .query(({ ctx }) => moderation.listStaff(ctx, ctx.user)),
  findUsers: protectedProcedure
    .meta({ cache: 'private' })
    .input(userSearchInputSchema)
    .output(z.array(staffMemberSchema))
    .query(({ ctx, input }) => moderation.findUsers(ctx, ctx.user, input.query)),
  setRole: protectedProcedure
    .input(setRoleInputSchema)
    .output(staffMemberSchema)
    .mutation(({ ctx, input }) => moderation.setRole(ctx, ctx.user, input)),

  // The person a decision concerns (and staff).
  decision: protectedProcedure
    .meta({ cache: 'private' })
    .input(decisionIdInputSchema)
    .output(decisionSchema)
    .query(({ ctx, input }) => moderation.getDecision(ctx, ctx.user, input.id)),
  myDecisions: protectedProcedure
    .meta({ cache: 'private' })
    .output(z.array(decisionSchema))
    .query(({ ctx }) => moderation.myDecisions(ctx, ctx.user)),
  contest: protectedProcedure
    .input(contestInputSchema)
    .output(decisionSchema)
    .mutation(({ ctx, input }) => moderation.contest(ctx, ctx.user, input)),
});
