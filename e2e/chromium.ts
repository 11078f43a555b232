// Debian's Chromium as the browser tests and the Lighthouse bench start it (Playwright cannot
// download its own browser here): where it is, and the flags that keep it quiet and offline.
import fs from 'node:fs';

/** The full browser: what the Lighthouse bench measures, as a visitor's Chromium would run the page. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The headless shell (Debian's chromium-headless-shell) renders with the same engine without the
// full browser's processes, so the browser tests run in it when it is there.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
