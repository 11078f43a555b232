// A shared Tonie's address (/catalog?tonieId=…) answered with the Tonie's name and picture
// already in the page. Without it a phone shows that Tonie only after the app's code, the page's
// data and the details dialog's code have arrived and rendered: 3.7–3.9 s on Lighthouse's
// mid-range phone on slow 4G, most of it waiting (the picture's request could not even start
// before the data said which picture). The preview is laid out as the dialog lays out its title
// and picture (client/src/global.css, .tonie-preview), so the page shows the Tonie at once; the
// app removes it when its dialog has opened (client/src/lib/tonie-preview.ts).
//
// Only what the dialog shows anyway and any visitor may see: the name and the picture of a Tonie
// of the catalogue, HTML-escaped. A Tonie that does not exist (or an address that names none)
// gets the page as it is. The lookup and its time bound: app-page.ts.
import escapeHtml from 'escape-html';
import { tonieTint, usableImageSrc } from '@tonieshelf/shared/values/tonie';

/** Where the page's app goes; the preview is written in front of it. */
const ROOT = '<div id="root"></div>';
const INERT_ROOT = '<div id="root" inert></div>';

/** The Tonie a page address opens in its dialog: /catalog?tonieId=<positive id>, else null. */
export function previewedTonieId(url: string): number | null {
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  if (pathname !== '/catalog' && pathname !== '/catalog/') return null;
  const raw = new URLSearchParams(query === -1 ? '' : url.slice(query + 1)).get('tonieId');
  if (raw === null || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** What the preview shows of a Tonie. */
interface PreviewedTonie {
  id: number;
  name: string;
  image: string | null;
}

/** The page's HTML with the Tonie's preview in front of the app's root (unchanged when it has no root). */
export function withToniePreview(html: string, tonie: PreviewedTonie): string {
  if (!html.includes(ROOT)) return html;
  const src = usableImageSrc(tonie.image);
  const picture = src
    ? `<img class="tonie-picture-image" src="${escapeHtml(src)}" alt="" width="380" height="260" fetchpriority="high" decoding="async" referrerpolicy="no-referrer">`
    : '';
  const preview =
    `<div id="tonie-preview" class="tonie-preview" aria-hidden="true"><div class="tonie-preview-panel">` +
    `<div class="tonie-preview-title">${escapeHtml(tonie.name)}</div>` +
    `<div class="tonie-picture tonie-preview-picture" data-tint="${tonieTint(tonie.id)}">${picture}</div>` +
    `</div></div>`;
  // The app's root is inert while the preview covers it (lib/tonie-preview.ts lifts it): no key
  // reaches what lies hidden under the preview. (A function, so that no '$' of a name is read
  // as a replacement pattern.)
  return html.replace(ROOT, () => `${preview}${INERT_ROOT}`);
}
