// Serves the built client: hashed assets cached for a year, index.html never cached, and the
// SPA fallback that answers client routes (e.g. /catalog) with index.html. The build writes
// x.br and x.gz beside each file (vite-plugin-compression2): they are served by the request's
// Accept-Encoding (Content-Encoding, Vary: Accept-Encoding), the file itself otherwise.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built client from `dist` (false when there is none); `sendPage` answers an app page
 * (index.html with the head of its address, app-page.ts), here the root.
 */
export async function registerStaticClient(app: FastifyInstance, dist: string, sendPage: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>): Promise<boolean> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, filePath) {
      // The policy of the file itself, also when its .br or .gz form is sent.
      const rel = path
        .relative(dist, filePath)
        .split(path.sep)
        .join('/')
        .replace(/\.(?:br|gz)$/, '');
      res.header('Cache-Control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : rel === 'index.html' ? 'no-cache' : 'public, max-age=3600');
    },
  });
  // With `index: false` the static handler refuses the root as a directory: answer it with the app.
  app.get('/', sendPage);
  return true;
}

/** Paths that belong to the server, never to the client router. */
export function isServerPath(url: string): boolean {
  return /^\/(api|trpc|media|files|feeds|healthz)(\/|\?|$)/.test(url) || url.startsWith('/assets/');
}
