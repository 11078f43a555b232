// The app's page (index.html) as every page address gets it: with the head of that address in the
// request's language (page-head.ts), and for a shared Tonie also its name and picture in the page
// (tonie-preview.ts), both from one lookup. The page itself never waited for the database: a
// lookup that takes longer than LOOKUP_MS, or fails, leaves the site's own head (and no preview).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@tonieshelf/shared/languages';
import { toniePreview } from '../catalogue/service';
import type { AppDeps } from '../deps';
import { pageHead, siteHead, tonieHead, withPageHead, type PageHead } from './page-head';
import { previewedTonieId, withToniePreview } from './tonie-preview';

/** How long the page waits for its lookup at most (a busy or hung database must not hold it up). */
const LOOKUP_MS = 300;

/** `lookup`'s value, or undefined when it takes longer than LOOKUP_MS. */
async function inTime<T>(lookup: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const tooLate = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), LOOKUP_MS)));
  return Promise.race([lookup, tooLate]).finally(() => clearTimeout(timer));
}

/** The app's page for `url` in `language`; `onLookupFailed` hears of a lookup that failed (the page comes without it). */
export async function appPage(deps: Pick<AppDeps, 'db' | 'config'>, dist: string, url: string, language: Language, onLookupFailed: (err: unknown) => void): Promise<string> {
  const failed = (err: unknown) => {
    onLookupFailed(err);
    return undefined;
  };
  const read = () => fs.readFile(path.join(dist, 'index.html'), 'utf8');
  const tonieId = previewedTonieId(url);
  if (tonieId !== null) {
    const tonie = await inTime(toniePreview(deps.db, tonieId)).catch(failed);
    if (!tonie) return withPageHead(await read(), siteHead(language), language);
    return withPageHead(withToniePreview(await read(), tonie), tonieHead(deps.config, tonie, language), language);
  }
  const head: PageHead = (await inTime(pageHead(deps, url, language)).catch(failed)) ?? siteHead(language);
  return withPageHead(await read(), head, language);
}
