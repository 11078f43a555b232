// GET /api/shelves/{shelf}/export.csv and .json: the signed-in user's shelf as a file (name,
// series, article, language, date added; newest added first). The CSV is UTF-8 with a BOM (so
// Excel shows umlauts), comma-separated, or with ?delimiter=semicolon semicolon-separated (what a
// spreadsheet set to German opens in columns), and a cell beginning with = + - @ TAB or CR is
// prefixed with ' so a spreadsheet never runs it as a formula. Signed in only (401, in the
// procedures' words); a bad shelf, format or delimiter is 400.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { exportFormatSchema, shelfNameSchema, type ShelfExportRow } from '@tonieshelf/shared/schemas/shelf';
import { CSV_DELIMITERS, SHELF_MESSAGES, type CsvDelimiter } from '@tonieshelf/shared/values/shelf';
import { stringify } from 'csv-stringify/sync';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { exportRows } from '../shelves/service';
import { resolveAuth } from './context';

/** A cell a spreadsheet would read as a formula (or that hides one behind a tab or CR), made literal with a leading '. */
function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The rows as CSV: BOM, header `name,series,article,language,added` (or with `;`), CRLF lines as spreadsheets expect. */
function shelfCsv(rows: readonly ShelfExportRow[], delimiter: CsvDelimiter): string {
  return stringify(
    rows.map((r) => [r.name, r.series ?? '', r.article, r.language ?? '', r.addedAt]),
    {
      bom: true,
      header: true,
      columns: ['name', 'series', 'article', 'language', 'added'],
      delimiter: delimiter === 'semicolon' ? ';' : ',',
      record_delimiter: 'windows',
      cast: { string: neutralizeFormula },
    },
  );
}

export async function shelfExportRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get(
    '/api/shelves/:shelf/export.:format',
    async (req: FastifyRequest<{ Params: { shelf: string; format: string }; Querystring: { delimiter?: unknown } }>, reply: FastifyReply) => {
      const { user, pending } = await resolveAuth(deps, req, reply);
      // The procedures' words (trpc.ts): a session waiting for its second step is asked for it.
      if (!user) throw new AppError('UNAUTHORIZED', pending ? AUTH_MESSAGES.secondFactorRequired : AUTH_MESSAGES.signInRequired);
      const shelf = shelfNameSchema.safeParse(req.params.shelf);
      if (!shelf.success) throw new AppError('BAD_REQUEST', SHELF_MESSAGES.shelf, { field: 'shelf' });
      const format = exportFormatSchema.safeParse(req.params.format);
      if (!format.success) throw new AppError('BAD_REQUEST', SHELF_MESSAGES.format, { field: 'format' });
      const delimiter = req.query.delimiter ?? 'comma';
      if (!CSV_DELIMITERS.includes(delimiter as CsvDelimiter)) throw new AppError('BAD_REQUEST', SHELF_MESSAGES.delimiter, { field: 'delimiter' });

      const rows = await exportRows(deps.db, user.id, shelf.data);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('Content-Disposition', `attachment; filename="tonieshelf-${shelf.data}-${day}.${format.data}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff');
      if (format.data === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
      return reply.type('text/csv; charset=utf-8').send(shelfCsv(rows, delimiter as CsvDelimiter));
    },
  );
}
