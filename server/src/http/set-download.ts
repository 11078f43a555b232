// GET /api/sets/{id}/download: the set as one ZIP, streamed straight from storage (local disk or
// S3) with no temporary copy: one chapter's object open at a time, the archive stored (audio does
// not compress), and backpressure from the client down to storage, so memory stays flat however
// large the set. Contents:
//   01 - {chapter title}.{ext} ...   the chapters the viewer may have, in set order;
//   {set title}.m3u8                 the playlist (#EXTM3U, UTF-8, relative names);
//   CREDITS.txt                      the set, its owner and link, and each chapter's author and licence.
// Signed in only (401); the set must be visible to the viewer (the owner's own, else published
// and visible; otherwise 404). A download counts (sets.download_count and a set_downloads row)
// only when the whole archive was handed to the client. A client that goes away midway stops the
// reading at once (storage stream and archive destroyed, nothing counted); a stored object that
// is missing or fails midway is logged and the connection is cut, so the client sees a broken
// transfer rather than a ZIP that looks complete.
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SET_MESSAGES, setPath } from '@tonieshelf/shared/values/set';
import { setIdSchema } from '@tonieshelf/shared/schemas/set';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { FEED_WORDS, feedLanguage, licenceIn } from '../feeds/feed-texts';
import { attachmentDisposition, audioExtension, fileBaseName, safeTitle } from '../feeds/names';
import { siteLink } from '../mail/messages';
import { countDownload, downloadContents, type DownloadChapter, type DownloadSet } from '../sets/service';
import { resolveAuth } from './context';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import type { Language } from '@tonieshelf/shared/languages';

/** This route's own refusals (texts: shared/src/i18n/texts/server.ts). */
export const SET_DOWNLOAD_MESSAGES = {
  nothingToDownload: 'setDownload.nothingToDownload',
} as const satisfies Record<string, MessageCode>;

const CREDITS_FILE_NAME = 'CREDITS.txt';

interface ZipEntry {
  name: string;
  chapter: DownloadChapter;
}

/** `01 - Title.mp3` ...: numbered in order (two digits; three past 99), titles safe as file names ('Kapitel 01' without one, in German). */
function chapterEntries(chapters: readonly DownloadChapter[], language: Language): ZipEntry[] {
  const digits = chapters.length > 99 ? 3 : 2;
  return chapters.map((chapter, i) => {
    const number = String(i + 1).padStart(digits, '0');
    // Behind its number a title needs no guard against Windows' device names (CON, NUL, ...).
    const base = safeTitle(chapter.title, { unicode: true }) || FEED_WORDS[language].chapter(number);
    return { name: `${number} - ${base}.${audioExtension(chapter.fileName, chapter.mimeType)}`, chapter };
  });
}

const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/** The extended M3U playlist (UTF-8, hence .m3u8): each chapter's seconds and title, then its file name. */
function playlist(set: DownloadSet, entries: readonly ZipEntry[]): string {
  const lines = ['#EXTM3U', `#PLAYLIST:${oneLine(set.title)}`];
  for (const { name, chapter } of entries) {
    lines.push(`#EXTINF:${chapter.duration === null ? -1 : Math.round(chapter.duration)},${oneLine(chapter.title)}`, name);
  }
  return `${lines.join('\n')}\n`;
}

const person = (first: string, last: string, username: string) => `${oneLine(`${first} ${last}`)} (@${username})`;

/** CREDITS.txt in `language`: who made the set and each chapter, under which licence (CRLF, so every editor shows the lines). */
function credits(set: DownloadSet, entries: readonly ZipEntry[], setLink: string, language: Language): string {
  const words = FEED_WORDS[language];
  const lines = [oneLine(set.title), words.creditsBy(person(set.ownerFirstName, set.ownerLastName, set.ownerUsername)), setLink, '', words.creditsChapters];
  for (const [i, { chapter }] of entries.entries()) {
    lines.push(
      '',
      `${String(i + 1).padStart(2, '0')}. ${oneLine(chapter.title)}`,
      `    ${words.creditsAuthor(person(chapter.authorFirstName, chapter.authorLastName, chapter.authorUsername))}`,
      `    ${words.creditsLicence(licenceIn(chapter.licence, language))}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function setDownloadRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/sets/:id/download', async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { user } = await resolveAuth(deps, req, reply);
    if (!user) throw new AppError('UNAUTHORIZED', SET_MESSAGES.loginToDownload);
    const id = setIdSchema.safeParse(req.params.id);
    if (!id.success) throw new AppError('BAD_REQUEST', SET_MESSAGES.invalidId, { field: 'id' });
    const { set, chapters } = await downloadContents(deps.db, id.data, user.id);
    if (chapters.length === 0) throw new AppError('CONFLICT', SET_DOWNLOAD_MESSAGES.nothingToDownload);

    // The set's words are its owner's: the ZIP's own words follow the owner's language.
    const language = feedLanguage(set.ownerLocale);
    const entries = chapterEntries(chapters, language);
    const setName = fileBaseName(set.title, `set-${set.id}`);
    reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', attachmentDisposition(set.title, 'zip', `set-${set.id}`))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD') return reply.send();

    // Stored, not deflated (audio does not compress); small buffers (archiver's default is 1 MB per stage).
    const archive = archiver('zip', { store: true, highWaterMark: 256 * 1024 });
    const res = reply.raw;
    const stop = new AbortController();
    let current: Readable | null = null;
    /** Ends everything at once: the storage stream being read and the archive. */
    const halt = () => {
      if (stop.signal.aborted) return;
      stop.abort();
      current?.destroy();
      current = null;
      archive.abort();
      archive.destroy();
    };
    /** A stored object missing or failing midway: log it and cut the connection (no ZIP that looks complete). */
    const fail = (err: unknown, key?: string) => {
      if (stop.signal.aborted) return;
      req.log.error({ err, setId: set.id, key }, 'set download broken off: a stored file could not be read');
      halt();
      res.destroy();
    };
    res.on('close', () => {
      if (!res.writableFinished) halt();
    });
    res.on('finish', () => {
      if (stop.signal.aborted) return;
      countDownload(deps.db, set.id, user.id).catch((err: unknown) => req.log.error({ err, setId: set.id }, 'counting a set download failed'));
    });
    archive.on('error', (err) => fail(err));
    archive.on('warning', (err) => fail(err));

    const date = set.updatedAt;
    const pump = async () => {
      for (const { name, chapter } of entries) {
        if (stop.signal.aborted) return;
        let source: Readable;
        try {
          source = await deps.storage.get(chapter.filePath);
        } catch (err) {
          return fail(err, chapter.filePath);
        }
        if (stop.signal.aborted) {
          source.destroy();
          return;
        }
        current = source;
        // One entry at a time: the next object is opened only when the archive has taken this one whole.
        const taken = new Promise<void>((resolve, reject) => {
          const done = () => {
            archive.off('entry', done);
            source.off('error', reject);
            stop.signal.removeEventListener('abort', done);
            resolve();
          };
          archive.on('entry', done);
          source.once('error', reject);
          stop.signal.addEventListener('abort', done);
        });
        archive.append(source, { name, date });
        try {
          await taken;
        } catch (err) {
          return fail(err, chapter.filePath);
        }
        current = null;
      }
      if (stop.signal.aborted) return;
      archive.append(playlist(set, entries), { name: `${setName}.m3u8`, date });
      archive.append(credits(set, entries, siteLink(deps.config, setPath(set.id)), language), { name: CREDITS_FILE_NAME, date });
      await archive.finalize();
    };
    pump().catch((err: unknown) => fail(err));
    return reply.send(archive);
  });
}
