// The REST shims of SPEC §7 (and the account paths PRODUCT.md names) at /api/*. Each calls the
// same tRPC procedure the client uses, so every rule has one implementation. A route declares
// what it reads from the request with the procedure's own input type; the procedure validates
// it. Failures are thrown and answered by the app's one error handler.
import type { inferRouterInputs } from '@trpc/server';
import { AUDIO_MESSAGES } from '@tonieshelf/shared/values/audio';
import { CATALOGUE_MESSAGES } from '@tonieshelf/shared/values/tonie';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import type { Context } from '../trpc/context';
import { createCaller, type AppRouter } from '../trpc/router';
import { setShimCaching } from './caching';
import { createHttpContext } from './context';

type Caller = ReturnType<typeof createCaller>;
type In = inferRouterInputs<AppRouter>;
type WithId = { Params: { id: string } };

/**
 * A route that calls procedures with the request's session and answers their result. A read
 * gets the Cache-Control of the policy its procedures declare (http/caching.ts); a write, no-store.
 */
function shim<R extends RouteGenericInterface>(deps: AppDeps, handler: (caller: Caller, req: FastifyRequest<R>, ctx: Context) => Promise<unknown>, successStatus = 200) {
  return async (req: FastifyRequest<R>, reply: FastifyReply) => {
    const ctx = await createHttpContext(deps, req, reply);
    const result = await handler(createCaller(ctx), req, ctx);
    setShimCaching(reply, req, ctx);
    return reply.code(successStatus).send(result);
  };
}

export async function apiRoutes(app: FastifyInstance, deps: AppDeps) {
  // An absent JSON body is an empty object, so validation names the missing fields.
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.body === undefined || req.body === null) req.body = {};
    done();
  });

  app.get(
    '/api/tags',
    shim(deps, (c) => c.tag.list()),
  );
  app.get(
    '/api/tags/groups',
    shim(deps, (c) => c.tag.groups()),
  );

  // Catalogue (SPEC §7).
  app.get<{ Querystring: In['tonie']['list'] }>(
    '/api/tonies',
    shim(deps, (c, req) => c.tonie.list(req.query)),
  );
  app.get<{ Querystring: In['tonie']['list'] & { q?: string } }>(
    '/api/tonies/search',
    shim(deps, (c, req) => {
      const { q, ...query } = req.query;
      if (typeof q !== 'string' || !q.trim()) throw new AppError('BAD_REQUEST', CATALOGUE_MESSAGES.searchEmpty);
      return c.tonie.list({ ...query, search: q });
    }),
  );
  app.get(
    '/api/tonies/categories',
    shim(deps, (c) => c.tonie.categories()),
  );
  app.get(
    '/api/tonies/languages',
    shim(deps, (c) => c.tonie.languages()),
  );
  // A series' page header; its episodes are GET /api/tonies?series=<name> (episode order).
  app.get<{ Params: { name: string } }>(
    '/api/series/:name',
    shim(deps, (c, req) => c.tonie.series({ name: req.params.name })),
  );
  app.get<{ Params: { category: string }; Querystring: In['tonie']['list'] }>(
    '/api/tonies/category/:category',
    shim(deps, (c, req) => c.tonie.list({ ...req.query, category: req.params.category })),
  );
  app.get<WithId>(
    '/api/tonies/:id',
    shim(deps, (c, req) => c.tonie.byId({ id: req.params.id })),
  );
  app.get<WithId & { Querystring: { sort?: string } }>(
    '/api/tonies/:id/ratings',
    shim(deps, (c, req) => c.review.list({ tonieId: req.params.id, sort: req.query.sort as In['review']['list']['sort'] })),
  );
  // Helpful votes: the signed-in user's marks on a Tonie's reviews; mark (PUT) or unmark (DELETE) one.
  app.get<WithId>(
    '/api/tonies/:id/ratings/votes',
    shim(deps, (c, req) => c.review.myVotes({ tonieId: req.params.id })),
  );
  app.put<WithId>(
    '/api/ratings/:id/helpful',
    shim(deps, (c, req) => c.review.vote({ ratingId: req.params.id, helpful: true })),
  );
  app.delete<WithId>(
    '/api/ratings/:id/helpful',
    shim(deps, (c, req) => c.review.vote({ ratingId: req.params.id, helpful: false })),
  );
  app.get<WithId>(
    '/api/tonies/:id/ratings/summary',
    shim(deps, (c, req) => c.review.summary({ tonieId: req.params.id })),
  );
  app.post<WithId & { Body: Omit<In['review']['create'], 'tonieId'> }>(
    '/api/tonies/:id/ratings',
    shim(deps, (c, req) => c.review.create({ ...req.body, tonieId: req.params.id }), 201),
  );
  // The signed-in user's own review of a Tonie: read (null when none), changed, deleted.
  app.get<WithId>(
    '/api/tonies/:id/ratings/mine',
    shim(deps, (c, req) => c.review.mine({ tonieId: req.params.id })),
  );
  app.patch<WithId & { Body: Omit<In['review']['update'], 'tonieId'> }>(
    '/api/tonies/:id/ratings/mine',
    shim(deps, (c, req) => c.review.update({ ...req.body, tonieId: req.params.id })),
  );
  app.delete<WithId>(
    '/api/tonies/:id/ratings/mine',
    shim(deps, (c, req) => c.review.delete({ tonieId: req.params.id })),
  );

  // Shared audio (SPEC §7). Owners, drafts and likes come from the session, never from the body.
  app.get(
    '/api/audio-tags',
    shim(deps, (c) => c.tag.audioTags()),
  );
  app.get<{ Querystring: In['audio']['list'] }>(
    '/api/audio-files',
    shim(deps, (c, req) => c.audio.list(req.query)),
  );
  app.get<{ Params: { userId: string } }>(
    '/api/audio-files/user/:userId',
    shim(deps, (c, req) => c.audio.byUser({ userId: req.params.userId })),
  );
  app.get<{ Params: { userId: string }; Querystring: In['audio']['liked'] }>(
    '/api/audio-files/liked/:userId',
    shim(deps, (c, req, ctx) => {
      // The path names whose likes: only one's own (the procedure itself needs a signed-in user).
      if (ctx.user && req.params.userId.toLowerCase() !== ctx.user.id) throw new AppError('FORBIDDEN', AUDIO_MESSAGES.notYourLikes);
      return c.audio.liked(req.query);
    }),
  );
  app.post<{ Body: In['audio']['create'] }>(
    '/api/audio-files',
    shim(deps, (c, req) => c.audio.create(req.body), 201),
  );
  app.get<WithId>(
    '/api/audio-files/:id',
    shim(deps, (c, req) => c.audio.byId({ id: req.params.id })),
  );
  app.patch<WithId & { Body: Omit<In['audio']['update'], 'id'> }>(
    '/api/audio-files/:id',
    shim(deps, (c, req) => c.audio.update({ ...req.body, id: req.params.id })),
  );
  app.delete<WithId>(
    '/api/audio-files/:id',
    shim(deps, (c, req) => c.audio.delete({ id: req.params.id })),
  );
  app.post<WithId>(
    '/api/audio-files/:id/like',
    shim(deps, (c, req) => c.audio.toggleLike({ id: req.params.id })),
  );
  app.post<WithId>(
    '/api/audio-files/:id/download',
    shim(deps, (c, req) => c.audio.download({ id: req.params.id })),
  );

  app.get<WithId>(
    '/api/audio-files/:id/waveform',
    shim(deps, (c, req) => c.audio.waveform({ id: req.params.id })),
  );

  // Creative-Tonie sets. Owners come from the session; drafts only for their owner. The ZIP
  // (GET /api/sets/:id/download) and the feeds (/feeds/...) are routes of their own.
  app.get<{ Querystring: In['set']['list'] }>(
    '/api/sets',
    shim(deps, (c, req) => c.set.list(req.query)),
  );
  app.get<{ Querystring: In['set']['mine'] }>(
    '/api/sets/mine',
    shim(deps, (c, req) => c.set.mine(req.query)),
  );
  app.post<{ Body: In['set']['create'] }>(
    '/api/sets',
    shim(deps, (c, req) => c.set.create(req.body), 201),
  );
  app.get<WithId>(
    '/api/sets/:id',
    shim(deps, (c, req) => c.set.byId({ id: req.params.id })),
  );
  app.patch<WithId & { Body: Omit<In['set']['update'], 'id'> }>(
    '/api/sets/:id',
    shim(deps, (c, req) => c.set.update({ ...req.body, id: req.params.id })),
  );
  app.delete<WithId>(
    '/api/sets/:id',
    shim(deps, (c, req) => c.set.delete({ id: req.params.id })),
  );
  app.post<WithId & { Body: Omit<In['set']['addChapters'], 'id'> }>(
    '/api/sets/:id/chapters',
    shim(deps, (c, req) => c.set.addChapters({ ...req.body, id: req.params.id })),
  );
  app.put<WithId & { Body: Omit<In['set']['reorder'], 'id'> }>(
    '/api/sets/:id/chapters',
    shim(deps, (c, req) => c.set.reorder({ ...req.body, id: req.params.id })),
  );
  app.delete<{ Params: { id: string; audioFileId: string } }>(
    '/api/sets/:id/chapters/:audioFileId',
    shim(deps, (c, req) => c.set.removeChapter({ id: req.params.id, audioFileId: req.params.audioFileId })),
  );
  app.post<WithId & { Body: Omit<In['set']['addUploads'], 'id'> }>(
    '/api/sets/:id/uploads',
    shim(deps, (c, req) => c.set.addUploads({ ...req.body, id: req.params.id })),
  );
  app.delete<WithId>(
    '/api/sets/:id/notices',
    shim(deps, (c, req) => c.set.dismissNotices({ id: req.params.id })),
  );
  app.post<WithId>(
    '/api/sets/:id/like',
    shim(deps, (c, req) => c.set.toggleLike({ id: req.params.id })),
  );

  // Shelves of the signed-in user: put a Tonie on (PUT) or take it off (DELETE); totals; CSV import;
  // share links. The exports are GET /api/shelves/:shelf/export.csv|json (http/shelf-export.ts).
  type ShelfItem = { Params: { shelf: string; tonieId: string } };
  type OnShelf = In['shelf']['set'];
  app.get<{ Querystring: { tonieIds?: string } }>(
    '/api/shelves/states',
    shim(deps, (c, req) => c.shelf.states({ tonieIds: (req.query.tonieIds ?? '').split(',').filter(Boolean) as unknown as number[] })),
  );
  app.get(
    '/api/shelves/summary',
    shim(deps, (c) => c.shelf.summary()),
  );
  app.put<ShelfItem>(
    '/api/shelves/:shelf/:tonieId',
    shim(deps, (c, req) => c.shelf.set({ shelf: req.params.shelf as OnShelf['shelf'], tonieId: req.params.tonieId as unknown as number, on: true })),
  );
  app.delete<ShelfItem>(
    '/api/shelves/:shelf/:tonieId',
    shim(deps, (c, req) => c.shelf.set({ shelf: req.params.shelf as OnShelf['shelf'], tonieId: req.params.tonieId as unknown as number, on: false })),
  );
  app.post<{ Params: { shelf: string }; Body: { csv?: string } }>(
    '/api/shelves/:shelf/import',
    shim(deps, (c, req) => c.shelf.import({ shelf: req.params.shelf as OnShelf['shelf'], csv: req.body.csv as string })),
  );
  app.get(
    '/api/shelves/sharing',
    shim(deps, (c) => c.shelf.sharing()),
  );
  app.put<{ Params: { shelf: string } }>(
    '/api/shelves/:shelf/share',
    shim(deps, (c, req) => c.shelf.setSharing({ shelf: req.params.shelf as OnShelf['shelf'], enabled: true })),
  );
  app.delete<{ Params: { shelf: string } }>(
    '/api/shelves/:shelf/share',
    shim(deps, (c, req) => c.shelf.setSharing({ shelf: req.params.shelf as OnShelf['shelf'], enabled: false })),
  );
  app.post<{ Params: { shelf: string } }>(
    '/api/shelves/:shelf/share/renew',
    shim(deps, (c, req) => c.shelf.renewLink({ shelf: req.params.shelf as OnShelf['shelf'] })),
  );
  // A shared shelf, read-only, for anyone with the link.
  app.get<{ Params: { token: string }; Querystring: { page?: string; pageSize?: string } }>(
    '/api/shared-shelves/:token',
    shim(deps, (c, req) => c.shelf.shared({ token: req.params.token, page: req.query.page as unknown as number, pageSize: req.query.pageSize as unknown as number })),
  );

  // Public profiles and the signed-in user's profile settings.
  type Username = { Params: { username: string }; Querystring: { page?: string } };
  const paged = (req: FastifyRequest<Username>) => ({ username: req.params.username, page: req.query.page as unknown as number });
  app.get(
    '/api/profile/settings',
    shim(deps, (c) => c.profile.settings()),
  );
  app.patch<{ Body: In['profile']['updateSettings'] }>(
    '/api/profile/settings',
    shim(deps, (c, req) => c.profile.updateSettings(req.body)),
  );
  app.get<Username>(
    '/api/users/:username',
    shim(deps, (c, req) => c.profile.byUsername({ username: req.params.username })),
  );
  app.get<Username>(
    '/api/users/:username/reviews',
    shim(deps, (c, req) => c.profile.reviews(paged(req))),
  );
  app.get<Username>(
    '/api/users/:username/audio',
    shim(deps, (c, req) => c.profile.audio(paged(req))),
  );
  app.get<Username>(
    '/api/users/:username/sets',
    shim(deps, (c, req) => c.profile.sets(paged(req))),
  );
  app.get<Username & { Params: { shelf: string } }>(
    '/api/users/:username/shelves/:shelf',
    shim(deps, (c, req) => c.profile.shelf({ ...paged(req), shelf: req.params.shelf as OnShelf['shelf'] })),
  );

  // Accounts (PRODUCT.md).
  app.post<{ Body: In['auth']['register'] }>(
    '/api/auth/register',
    shim(deps, (c, req) => c.auth.register(req.body), 201),
  );
  app.post<{ Body: In['auth']['login'] }>(
    '/api/auth/login',
    shim(deps, (c, req) => c.auth.login(req.body)),
  );
  app.post(
    '/api/auth/logout',
    shim(deps, (c) => c.auth.logout()),
  );
  app.get(
    '/api/auth/me',
    shim(deps, (c) => c.auth.me()),
  );
  app.get(
    '/api/auth/factors',
    shim(deps, (c) => c.auth.factors()),
  );
  app.post<{ Body: In['auth']['enrollFactor'] }>(
    '/api/auth/factors',
    shim(deps, (c, req) => c.auth.enrollFactor(req.body), 201),
  );
  app.delete<WithId & { Body: Omit<In['auth']['removeFactor'], 'factorId'> }>(
    '/api/auth/factors/:id',
    shim(deps, (c, req) => c.auth.removeFactor({ ...req.body, factorId: req.params.id })),
  );
  app.post<WithId & { Body: Omit<In['auth']['challenge'], 'factorId'> }>(
    '/api/auth/factors/:id/challenge',
    shim(deps, (c, req) => c.auth.challenge({ ...req.body, factorId: req.params.id })),
  );
  app.post<WithId & { Body: Omit<In['auth']['verify'], 'factorId'> }>(
    '/api/auth/factors/:id/verify',
    shim(deps, (c, req) => c.auth.verify({ ...req.body, factorId: req.params.id })),
  );
  app.post<{ Body: In['auth']['verifyRecoveryCode'] }>(
    '/api/auth/recovery',
    shim(deps, (c, req) => c.auth.verifyRecoveryCode(req.body)),
  );
  app.get(
    '/api/auth/recovery-codes',
    shim(deps, (c) => c.auth.recoveryCodeCount()),
  );
  app.post(
    '/api/auth/recovery-codes',
    shim(deps, (c) => c.auth.regenerateRecoveryCodes()),
  );
  app.get(
    '/api/auth/sessions',
    shim(deps, (c) => c.auth.sessions()),
  );
  app.post(
    '/api/auth/sessions/sign-out-others',
    shim(deps, (c) => c.auth.signOutOtherSessions()),
  );
  app.delete<WithId>(
    '/api/auth/sessions/:id',
    shim(deps, (c, req) => c.auth.revokeSession({ sessionId: req.params.id })),
  );
  app.post<{ Body: In['auth']['changePassword'] }>(
    '/api/auth/password',
    shim(deps, (c, req) => c.auth.changePassword(req.body)),
  );
  app.post<{ Body: In['account']['requestPasswordReset'] }>(
    '/api/auth/forgot-password',
    shim(deps, (c, req) => c.account.requestPasswordReset(req.body)),
  );
  app.post<{ Body: In['account']['resetPassword'] }>(
    '/api/auth/reset-password',
    shim(deps, (c, req) => c.account.resetPassword(req.body)),
  );
  app.post<{ Body: In['account']['verifyEmail'] }>(
    '/api/auth/verify-email',
    shim(deps, (c, req) => c.account.verifyEmail(req.body)),
  );
  app.post(
    '/api/auth/verify-email/resend',
    shim(deps, (c) => c.account.resendVerification()),
  );
  app.get(
    '/api/account/email',
    shim(deps, (c) => c.account.emailStatus()),
  );
  app.post<{ Body: In['account']['changeEmail'] }>(
    '/api/account/email',
    shim(deps, (c, req) => c.account.changeEmail(req.body)),
  );
  app.get('/api/account/export', async (req, reply) => {
    const ctx = await createHttpContext(deps, req, reply);
    const data = await createCaller(ctx).account.exportData();
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="tonieshelf-${data.account.username}-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
  app.delete<{ Body: In['account']['deleteAccount'] }>(
    '/api/account',
    shim(deps, (c, req) => c.account.deleteAccount(req.body)),
  );

  // Trust and safety: reports and contact messages from anyone; the operator's details.
  app.post<{ Body: In['report']['create'] }>(
    '/api/reports',
    shim(deps, (c, req) => c.report.create(req.body), 201),
  );
  app.get(
    '/api/site',
    shim(deps, (c) => c.site.info()),
  );
}
