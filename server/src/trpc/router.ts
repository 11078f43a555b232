import { accountRouter } from './routers/account';
import { audioRouter } from './routers/audio';
import { authRouter } from './routers/auth';
import { moderationRouter } from './routers/moderation';
import { profileRouter } from './routers/profiles';
import { reportRouter } from './routers/report';
import { reviewRouter } from './routers/review';
import { setRouter } from './routers/sets';
import { shelfRouter } from './routers/shelves';
import { siteRouter } from './routers/site';
import { tagRouter } from './routers/tag';
import { tonieRouter } from './routers/tonie';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  tonie: tonieRouter,
  review: reviewRouter,
  audio: audioRouter,
  set: setRouter,
  shelf: shelfRouter,
  profile: profileRouter,
  tag: tagRouter,
  auth: authRouter,
  account: accountRouter,
  report: reportRouter,
  moderation: moderationRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
