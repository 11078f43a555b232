// The tRPC endpoint (/trpc/:path) with a cheaper way through for GET queries. tRPC's Fastify
// adapter turns every request into a fetch Request (URL, Headers, AbortSignals) and its answer
// into a fetch Response that is read back into a string (http/caching.ts): that plumbing cost
// more server CPU than the procedures of a cached read. A plain GET of query procedures (one call
// or a batch, as httpBatchLink sends them) is answered here instead, with tRPC's own parts: the
// router's procedures, getTRPCErrorFromUnknown, getErrorShape (so the router's errorFormatter),
// getHTTPStatusCode, transformTRPCResponse, and the same createContext, onError and responseMeta.
// It follows resolveResponse (@trpc/server 11, its non-streaming JSON path) step for step, so the
// status, headers and body are the adapter's (server/test/trpc-get.test.ts compares the two).
// Anything else goes to the adapter's own handler before anything has run: POST (mutations), HEAD,
// a request with a Content-Type, streaming (trpc-accept / Accept: application/jsonl), an unknown
// procedure or one that is not a query, a batch over maxBatchSize, input that is not valid JSON
// (or not an object in a batch), connectionParams, a path or Host tRPC would refuse to decode,
// and a context that could not be made.
import { getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse, TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter } from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode, type TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a GET answered here sends: turned into the reply by the onSend hook of http/caching.ts, as tRPC's Response is. */
interface TrpcAnswer {
  status: number;
  /** Lower-case names in the order a fetch Headers lists them (sorted). */
  headers: [string, string][];
  body: string;
}

const ANSWER = Symbol('tonieshelf.trpcAnswer');
type WithAnswer = FastifyRequest & { [ANSWER]?: TrpcAnswer };

/** The answer a GET query got on this path, taken once (the onSend hook of http/caching.ts). */
export function takeTrpcAnswer(req: FastifyRequest): TrpcAnswer | undefined {
  const r: WithAnswer = req;
  const answer = r[ANSWER];
  if (answer) r[ANSWER] = undefined;
  return answer;
}

type TrpcOptions<TRouter extends AnyTRPCRouter> = FastifyTRPCPluginOptions<TRouter>['trpcOptions'];

interface TrpcPluginOptions<TRouter extends AnyTRPCRouter> {
  trpcOptions: TrpcOptions<TRouter>;
  /** Answer GET queries here (default); off, every request takes the adapter's path (the differential test). */
  getFastPath?: boolean;
}

/**
 * tRPC at the plugin's prefix: what fastifyTRPCPlugin registers (its body parsers and one route
 * for every method), with GET queries answered by answerGetQuery and the rest by the adapter.
 */
export function trpcPlugin<TRouter extends AnyTRPCRouter>(fastify: FastifyInstance, opts: TrpcPluginOptions<TRouter>, done: (err?: Error) => void): void {
  // As fastifyTRPCPlugin: tRPC reads the bodies itself.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, parsed) => parsed(null, body));
  fastify.removeContentTypeParser('multipart/form-data');
  fastify.addContentTypeParser('multipart/form-data', {}, (_req, body, parsed) => parsed(null, body));
  const { trpcOptions } = opts;
  // Only tRPC's defaults are followed here (batching on, no method override).
  const fast = opts.getFastPath !== false && !trpcOptions.allowMethodOverride && trpcOptions.allowBatching !== false && trpcOptions.batching?.enabled !== false;
  fastify.all<{ Params: { path: string } }>('/:path', async (req, reply) => {
    const path = req.params.path;
    if (fast && req.method === 'GET') {
      const answer = await answerGetQuery(trpcOptions, req, reply, path);
      if (answer) {
        (req as WithAnswer)[ANSWER] = answer;
        // No payload: the onSend hook of http/caching.ts sends the answer (no Content-Type is guessed meanwhile).
        return reply.send();
      }
    }
    await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
  });
  done();
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && !Array.isArray(value) && typeof value === 'object';
const isPromise = (value: unknown) => isObject(value) && typeof value.then === 'function';
const isAsyncIterable = (value: unknown) => isObject(value) && Symbol.asyncIterator in value;
/** tRPC's isDataStream: such data needs httpBatchStreamLink. */
const isDataStream = (v: unknown) => isObject(v) && (isAsyncIterable(v) || Object.values(v).some(isPromise) || Object.values(v).some(isAsyncIterable));

/** Hosts whose `http://<host>` tRPC can parse into a URL (its createURL refuses the others with 400). */
const parsableHosts = new Map<string, boolean>();
function parsableHost(host: string): boolean {
  let ok = parsableHosts.get(host);
  if (ok === undefined) {
    ok = URL.canParse(`http://${host}`);
    if (parsableHosts.size < 100) parsableHosts.set(host, ok);
  }
  return ok;
}

/** The request's calls when it is a plain GET of queries this path answers; null otherwise (the adapter answers). */
function plainGetCalls(router: AnyTRPCRouter, maxBatchSize: number | undefined, req: FastifyRequest, rawPath: string) {
  const headers = req.headers;
  if (headers['content-type'] !== undefined || headers['trpc-accept'] !== undefined) return null;
  const accept = headers.accept;
  if (accept !== undefined && accept.includes('application/jsonl')) return null;
  if (headers.host !== undefined && !parsableHost(headers.host)) return null;
  const url = req.raw.url ?? '';
  if (url.includes('#')) return null;
  const q = url.indexOf('?');
  const searchParams = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  if (searchParams.has('connectionParams')) return null;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const isBatchCall = searchParams.get('batch') === '1';
  const paths = isBatchCall ? path.split(',') : [path];
  if (isBatchCall && typeof maxBatchSize === 'number' && paths.length > maxBatchSize) return null;
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure>;
  const found: AnyTRPCProcedure[] = [];
  for (const p of paths) {
    const procedure = Object.hasOwn(procedures, p) ? procedures[p] : undefined;
    if (!procedure || procedure._def.type !== 'query') return null;
    found.push(procedure);
  }
  const deserialize = router._def._config.transformer.input.deserialize as (v: unknown) => unknown;
  const inputs: unknown[] = [];
  const queryInput = searchParams.get('input');
  if (queryInput) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(queryInput);
    } catch {
      return null;
    }
    if (!isBatchCall) inputs[0] = parsed === undefined ? undefined : deserialize(parsed);
    else if (!isObject(parsed)) return null;
    else for (let i = 0; i < paths.length; i++) inputs[i] = parsed[i] === undefined ? undefined : deserialize(parsed[i]);
  }
  const calls: GetCall[] = [];
  for (let i = 0; i < paths.length; i++) calls.push(new GetCall(i, paths[i]!, found[i]!, inputs[i]));
  return { isBatchCall, calls };
}

/** One call of a GET (tRPC's call info: the input is read when the procedure asks for it). */
class GetCall {
  read = false;
  readonly getRawInput: () => Promise<unknown>;
  constructor(
    readonly batchIndex: number,
    readonly path: string,
    readonly procedure: AnyTRPCProcedure,
    private readonly input: unknown,
  ) {
    this.getRawInput = rawInputOf(this);
  }

  /** The input once read (what tRPC hands onError and the error shape). */
  result(): unknown {
    return this.read ? this.input : undefined;
  }

  value(): unknown {
    this.read = true;
    return this.input;
  }
}

// Helpers at module level: closures made per request are named one by one when tsx runs the server (keepNames).
function rawInputOf(call: GetCall): () => Promise<unknown> {
  return () => Promise.resolve(call.value());
}

/** A signal that never aborts, for the request info handed to responseMeta (nothing here reads it). */
const NEVER = new AbortController().signal;

type Outcome = [TRPCError, undefined] | [undefined, { data: unknown }];

interface GetRequest<TRouter extends AnyTRPCRouter> {
  opts: TrpcOptions<TRouter>;
  req: FastifyRequest;
  ctx: unknown;
  info: TRPCRequestInfo;
}

function reportError<TRouter extends AnyTRPCRouter>(r: GetRequest<TRouter>, error: TRPCError, path: string | undefined, input: unknown): void {
  r.opts.onError?.({ error, path, input, ctx: r.ctx as never, type: 'query', req: r.req as never });
}

async function runCall<TRouter extends AnyTRPCRouter>(r: GetRequest<TRouter>, call: GetCall): Promise<Outcome> {
  try {
    // As resolveResponse calls it, without the AbortSignal (no procedure reads one; the caller passes none either).
    const data: unknown = await call.procedure({ path: call.path, getRawInput: call.getRawInput, ctx: r.ctx, type: 'query', signal: undefined, batchIndex: call.batchIndex });
    return [undefined, { data }];
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    reportError(r, error, call.path, call.result());
    return [error, undefined];
  }
}

function errorShape<TRouter extends AnyTRPCRouter>(r: GetRequest<TRouter>, error: TRPCError, call: GetCall | undefined) {
  return getErrorShape({ config: r.opts.router._def._config, ctx: r.ctx as never, error, input: call?.result(), path: call?.path, type: 'query' });
}

const byName = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The answer resolveResponse makes: `forStatus` is what it hands initResponse (a single call's
 * answer in an array), `untransformed` what it sends.
 */
function respond<TRouter extends AnyTRPCRouter>(r: GetRequest<TRouter>, untransformed: unknown, forStatus: unknown, data: unknown[], errors: TRPCError[]): TrpcAnswer {
  const headers = new Map<string, string>([
    ['vary', 'trpc-accept, accept'],
    ['content-type', 'application/json'],
  ]);
  let status = getHTTPStatusCode(forStatus as Parameters<typeof getHTTPStatusCode>[0]);
  const paths = r.info.calls.map(pathOf);
  const meta = r.opts.responseMeta?.({ ctx: r.ctx as never, info: r.info, paths, data: data as never, errors, eagerGeneration: false, type: 'query' }) ?? {};
  // As a fetch Headers takes them: names in lower case, append joins with ', ', set replaces.
  if (meta.headers instanceof Headers) {
    for (const [key, value] of meta.headers) appendHeader(headers, key, value);
  } else if (meta.headers) {
    for (const [key, value] of Object.entries(meta.headers)) {
      if (Array.isArray(value)) for (const v of value) appendHeader(headers, key, v);
      else if (typeof value === 'string') headers.set(key.toLowerCase(), value);
    }
  }
  if (meta.status) status = meta.status;
  return { status, headers: [...headers].sort(byName), body: JSON.stringify(transformTRPCResponse(r.opts.router._def._config, untransformed as never)) };
}

const pathOf = (call: { path: string }) => call.path;

/**
 * The answer to a GET of query procedures, as tRPC's resolveResponse gives it; null when the
 * request is not one this path takes (nothing has run then: the adapter answers it).
 */
async function answerGetQuery<TRouter extends AnyTRPCRouter>(opts: TrpcOptions<TRouter>, req: FastifyRequest, reply: FastifyReply, rawPath: string): Promise<TrpcAnswer | null> {
  const plain = plainGetCalls(opts.router, opts.maxBatchSize, req, rawPath);
  if (!plain) return null;
  const { isBatchCall, calls } = plain;
  const info: TRPCRequestInfo = { isBatchCall, accept: null, calls, type: 'query', connectionParams: null, signal: NEVER, url: null };
  let ctx: unknown;
  try {
    ctx = await opts.createContext?.({ req, res: reply, info });
  } catch {
    // The adapter makes it again and answers its error (the session lookup is kept per request).
    return null;
  }
  const r: GetRequest<TRouter> = { opts, req, ctx, info };
  if (!isBatchCall) {
    const call = calls[0]!;
    const [error, result] = await runCall(r, call);
    if (!error && isDataStream(result.data)) {
      // resolveResponse throws this one into its catch-all: no path, the whole answer is the error.
      const streamError = streamingNeeded();
      reportError(r, streamError, undefined, undefined);
      const untransformed = { error: errorShape(r, streamError, undefined) };
      return respond(r, untransformed, untransformed, [untransformed], [streamError]);
    }
    const res = error ? { error: errorShape(r, error, call) } : { result: { data: result!.data } };
    return respond(r, res, [res], [res], error ? [error] : []);
  }
  const running: Promise<Outcome>[] = [];
  for (const call of calls) running.push(runCall(r, call));
  const results = await Promise.all(running);
  const rpc: unknown[] = [];
  const errors: TRPCError[] = [];
  for (let i = 0; i < results.length; i++) {
    const [callError, result] = results[i]!;
    const error = callError ?? (isDataStream(result!.data) ? streamingNeeded() : undefined);
    if (error) errors.push(error);
    rpc.push(error ? { error: errorShape(r, error, calls[i]) } : { result: { data: result!.data } });
  }
  return respond(r, rpc, rpc, rpc, errors);
}

function appendHeader(headers: Map<string, string>, key: string, value: string): void {
  const name = key.toLowerCase();
  const current = headers.get(name);
  headers.set(name, current === undefined ? value : `${current}, ${value}`);
}

function streamingNeeded(): TRPCError {
  return new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink' });
}
