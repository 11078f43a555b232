// The one script index.html runs inline, in <head> before first paint: it applies the stored
// colour scheme so a dark-mode reader never sees a white flash. Inline, not a file of its own: a
// blocking script file costs a round trip before the first paint (on a phone on 4G about 150 ms
// of the first contentful paint). The content security policy allows exactly this text by its
// hash (server/src/http/security.ts, and `vite preview` in client/vite.config.ts); the build puts
// it into index.html (client/vite.config.ts). Node only: nothing in the browser imports this.
//
// The rule mirrors client/src/lib/color-scheme.ts (keep the two in step): localStorage 'darkMode'
// is 'true' or 'false'; without it the system preference decides. Mantine reads the
// data-mantine-color-scheme attribute, the app's own styles the `dark` class.
import { createHash } from 'node:crypto';

export const COLOR_SCHEME_SCRIPT =
  "(function(){var d=false;try{var s=window.localStorage.getItem('darkMode');" +
  "d=s==='true'||(s!=='false'&&!!window.matchMedia&&window.matchMedia('(prefers-color-scheme: dark)').matches)}catch(e){d=false}" +
  "var r=document.documentElement;r.setAttribute('data-mantine-color-scheme',d?'dark':'light');r.classList.toggle('dark',d)})()";

/** The CSP source that allows one inline script: `'sha256-…'` of its exact text. */
export function cspScriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** script-src of the content security policy: our own files and the colour scheme script. */
export const SCRIPT_SRC = ["'self'", cspScriptHash(COLOR_SCHEME_SCRIPT)];
