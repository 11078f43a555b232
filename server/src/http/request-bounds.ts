// Every request is bounded in time, whoever sends it, and one client address holds a bounded
// number of connections, so slow senders cannot tie up the server's sockets.
import type { Server, ServerOptions } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestLimits } from '../config';
import { AppError } from '../errors';
import { HTTP_MESSAGES } from './errors';

/** A body still arriving when its time is up: 408, and the connection is closed. */
class BodyTooSlowError extends AppError {
  constructor() {
    super('TIMEOUT', HTTP_MESSAGES.requestTimeout);
    this.name = 'BodyTooSlowError';
  }
}

/**
 * Fastify's options for the bounds Node's server keeps itself: the headers within the request
 * time, a whole request (an upload is the longest) within the upload time.
 */
export function requestBoundsOptions(limits: RequestLimits): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: Math.max(limits.uploadTimeoutMs, limits.timeoutMs + 1),
    http: {
      headersTimeout: limits.timeoutMs,
      // How often Node looks for requests past their time (its default, 30 s, would let a short bound slip).
      connectionsCheckingInterval: Math.min(5000, Math.max(100, Math.round(limits.timeoutMs / 4))),
    },
  };
}

/** An upload's multipart body is bounded by the upload time (and its idle timeout); any other body by the request time. */
const isUpload = (req: FastifyRequest) => (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

const hasBody = (req: FastifyRequest) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** A body that has not fully arrived `limits.timeoutMs` after its headers fails with 408 and its connection closes. */
export function registerBodyDeadline(app: FastifyInstance, limits: RequestLimits): void {
  app.addHook('preParsing', (req, reply, payload, done) => {
    if (req.raw.complete || !hasBody(req) || isUpload(req)) return done(null, payload);
    const bounded = new PassThrough();
    const timer = setTimeout(() => {
      reply.header('Connection', 'close');
      reply.raw.once('finish', () => req.raw.socket?.destroy());
      bounded.destroy(new BodyTooSlowError());
    }, limits.timeoutMs);
    // Done with when it has all arrived, or when the answer went without reading it (a refusal).
    payload.on('end', () => clearTimeout(timer));
    reply.raw.once('close', () => clearTimeout(timer));
    payload.on('error', (err) => {
      clearTimeout(timer);
      bounded.destroy(err);
    });
    payload.pipe(bounded);
    done(null, bounded);
  });
}

/**
 * Closes a new connection at once when its address already holds `max` (0: no cap). Behind a
 * proxy every connection comes from the proxy, so there the proxy caps them (docs/proxy).
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * Whether the client of `req` is gone (closed or reset its connection): nobody reads an answer.
 * Its socket says so; the request stream itself is destroyed as soon as its body has been read.
 */
export const clientGone = (req: FastifyRequest) => req.raw.socket?.destroyed === true;
