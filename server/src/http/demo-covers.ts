// GET /media/demo-covers/{article}.svg: the cover art of the demo catalogue, drawn by the app
// (server/src/seed/demo-cover-svg.ts). Only articles of the demo set exist; anything else is a
// 404 with a JSON body. SVGs are rendered once and kept in memory (56 small strings).
import type { FastifyInstance } from 'fastify';
import { findDemoTonie } from '../seed/demo-catalogue';
import { renderDemoCover } from '../seed/demo-cover-svg';
import { errorBody, HTTP_MESSAGES } from './errors';

const FILE = /^([a-z0-9-]{1,64})\.svg$/;
const cache = new Map<string, string>();

export async function demoCoverRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/demo-covers/:file', async (request, reply) => {
    const match = FILE.exec(request.params.file);
    const tonie = match ? findDemoTonie(match[1]!) : undefined;
    if (!tonie) {
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .send(errorBody(404, 'NOT_FOUND', HTTP_MESSAGES.coverNotFound));
    }
    let svg = cache.get(tonie.article);
    if (svg === undefined) cache.set(tonie.article, (svg = renderDemoCover(tonie)));
    return (
      reply
        .header('Content-Type', 'image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        // An SVG opened on its own is a document: forbid anything active in it.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(svg)
    );
  });
}
