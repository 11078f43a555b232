// Serves the built client: hashed assets cached for a year, index.html never cached, and the
// SPA fallback that answers client routes (e.g. /catalog) with index.html.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerStaticClient(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    index: false,
    wildcard: true,
    setHeaders(res, filePath) {
      const rel = path.relative(dist, filePath).split(path.sep).join('/');
      res.header(
        'Cache-Control',
        rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : rel === 'index.html' ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });
  // With `index: false` the static handler refuses the root as a directory: answer it with the app.
  app.get('/', (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html'));
  return true;
}

/** Paths that belong to the server, never to the client router. */
export function isServerPath(url: string): boolean {
  return /^\/(api|trpc|media|files|feeds|healthz)(\/|\?|$)/.test(url) || url.startsWith('/assets/');
}
