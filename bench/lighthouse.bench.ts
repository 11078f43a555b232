// Lighthouse's performance category on the production build: /catalog, one Tonie's page
// (/catalog?tonieId=…) and /audio/discover, on the desktop form factor (Lighthouse's desktop
// config) and the mobile one (its default emulation: a mid-range phone on slow 4G, simulated
// throttling), median of 3 runs each. Prints score, LCP, CLS, TBT and FCP with the targets beside
// them and what limits the score (the median run's opportunities and diagnostics); exits non-zero
// when a target is missed.
//
//   npm run bench:lighthouse
//
// The server is the real one in production mode on a new embedded database with the demo
// catalogue, serving the client built beforehand (CLIENT_DIST, default client/dist: run
// `npm run build` first, or point CLIENT_DIST at a build of your own). Chromium is Debian's
// (/usr/bin/chromium, CHROMIUM_PATH overrides it), driven by Lighthouse over a remote debugging
// port (Playwright starts it, as the browser tests do). Every host name but the server's fails to
// resolve at once, so an image on a remote host (an imported catalogue's covers) fails fast
// instead of hanging the page on a machine without internet.
// BENCH_RUNS (default 3), BENCH_PORT (default 3461); BENCH_FORMS (e.g. "mobile") and BENCH_PAGES
// (e.g. "/catalog,tonie": "tonie" is the first Tonie's address) measure a part of the table;
// BENCH_REPORT_DIR keeps each run's full report (JSON) there, for its long tasks and treemap.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { freePort } from '../server/test/faults/pg-cluster';
import { startServer, type ServerProcess } from '../server/test/faults/server-process';
import { log } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FORMS = (process.env.BENCH_FORMS ?? 'desktop,mobile').split(',').map((f) => f.trim());
const PAGES = (process.env.BENCH_PAGES ?? '/catalog,tonie,/audio/discover').split(',').map((p) => p.trim());
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
const PORT = Number(process.env.BENCH_PORT ?? 3461);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDist = path.resolve(process.env.CLIENT_DIST || path.join(repoRoot, 'client/dist'));
const origin = `http://127.0.0.1:${PORT}`;

// Issue 33's targets.
const TARGETS = {
  desktop: { score: 98, lcpMs: undefined, cls: 0.02, tbtMs: 100 },
  mobile: { score: 95, lcpMs: 1800, cls: 0.02, tbtMs: 100 },
} as const;

type FormFactor = keyof typeof TARGETS;

/** The production server on the embedded database with the demo catalogue and this client build. */
async function startProductionServer(): Promise<ServerProcess> {
  if (!fs.existsSync(path.join(clientDist, 'index.html'))) throw new Error(`No client build in ${clientDist}: run npm run build (or set CLIENT_DIST)`);
  return startServer({ port: PORT, databaseUrl: '', env: { SEED_DEMO: '1', CLIENT_DIST: clientDist } });
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number>;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number; items?: Record<string, unknown>[] };
}

interface Run {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** What limits the score: the performance audits that did not pass, most savings first. */
  limits: string[];
  lcpElement: string;
  failedRequests: number;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

function summarise(lhr: { categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>; audits: Record<string, Audit> }): Run {
  const audits = lhr.audits;
  const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const limits = lhr.categories
    .performance!.auditRefs.map((ref) => audits[ref.id])
    .filter((a): a is Audit => !!a && a.score !== null && a.score < 0.9 && ['numeric', 'metricSavings', 'binary'].includes(a.scoreDisplayMode))
    .filter((a) => !['largest-contentful-paint', 'first-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive'].includes(a.id))
    .map((a) => {
      const savingsMs = a.metricSavings?.LCP ?? a.metricSavings?.FCP ?? a.details?.overallSavingsMs ?? 0;
      const bytes = a.details?.overallSavingsBytes;
      return { savingsMs, text: `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}${bytes ? ` [${kb(bytes)}]` : ''}` };
    })
    .sort((a, b) => b.savingsMs - a.savingsMs)
    .map((l) => l.text);
  const lcpItems = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = (lcpItems[0] as { items?: { node?: { snippet?: string } }[] } | undefined)?.items?.[0]?.node?.snippet ?? '';
  const requests = (audits['network-requests']?.details?.items ?? []) as { statusCode?: number; url?: string }[];
  return {
    score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
    limits,
    lcpElement: lcpNode.slice(0, 120),
    failedRequests: requests.filter((r) => !r.statusCode || r.statusCode >= 400).length,
  };
}

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like, on a busy machine) is tried again, twice at most. */
async function measure(page: string, formFactor: FormFactor, runNumber: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      `${origin}${page}`,
      { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
    if (!result.lhr.runtimeError) {
      if (REPORT_DIR) {
        fs.mkdirSync(REPORT_DIR, { recursive: true });
        const name = `${formFactor}${page.replace(/[^a-z0-9]+/gi, '-')}-${runNumber}.json`;
        fs.writeFileSync(path.join(REPORT_DIR, name), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
      }
      return summarise(result.lhr as never);
    }
    if (attempt === 3) throw new Error(`Lighthouse failed on ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    log(`${formFactor} ${page}: ${result.lhr.runtimeError.code}, trying again`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startProductionServer();
const debugPort = await freePort(PORT + 1);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    `--remote-debugging-port=${debugPort}`,
    // No internet here: every other host fails to resolve at once (its images show their
    // fallback) rather than waiting for a DNS or connect timeout.
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  ],
});

let missed = false;
const rows: Record<string, string | number>[] = [];
const notes: string[] = [];
try {
  const tonie = (await (await fetch(`${origin}/api/tonies?limit=1`)).json()) as { tonies: { id: number }[] };
  const tonieId = tonie.tonies[0]?.id;
  if (tonieId === undefined) throw new Error('the demo catalogue is empty');
  const pages = PAGES.map((p) => (p === 'tonie' ? `/catalog?tonieId=${tonieId}` : p));
  for (const formFactor of FORMS as FormFactor[]) {
    if (!(formFactor in TARGETS)) throw new Error(`BENCH_FORMS: no form factor "${formFactor}" (desktop, mobile)`);
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await measure(page, formFactor, i + 1);
        runs.push(run);
        log(
          `${formFactor} ${page} run ${i + 1}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms, CLS ${run.cls.toFixed(3)}, TBT ${Math.round(run.tbtMs)} ms, FCP ${Math.round(run.fcpMs)} ms`,
        );
      }
      const target = TARGETS[formFactor];
      const score = median(runs.map((r) => r.score));
      const lcpMs = median(runs.map((r) => r.lcpMs));
      const cls = median(runs.map((r) => r.cls));
      const scoreOk = score >= target.score;
      const lcpOk = target.lcpMs === undefined || lcpMs <= target.lcpMs;
      const clsOk = cls <= target.cls;
      const tbtMs = median(runs.map((r) => r.tbtMs));
      const tbtOk = tbtMs <= target.tbtMs;
      if (!scoreOk || !lcpOk || !clsOk || !tbtOk) missed = true;
      rows.push({
        page,
        form: formFactor,
        score: `${score} (≥ ${target.score} ${scoreOk ? 'met' : 'MISSED'})`,
        'LCP ms': `${Math.round(lcpMs)}${target.lcpMs === undefined ? '' : ` (≤ ${target.lcpMs} ${lcpOk ? 'met' : 'MISSED'})`}`,
        CLS: `${cls.toFixed(3)} (≤ ${target.cls} ${clsOk ? 'met' : 'MISSED'})`,
        'TBT ms': `${Math.round(tbtMs)} (≤ ${target.tbtMs} ${tbtOk ? 'met' : 'MISSED'})`,
        'FCP ms': Math.round(median(runs.map((r) => r.fcpMs))),
      });
      // The run with the median score tells what limits it.
      const middle = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
      notes.push(
        `${formFactor} ${page}: LCP element ${middle.lcpElement || '(none)'}; ${middle.failedRequests} failed request(s); limits: ${middle.limits.length ? middle.limits.join('; ') : 'none below 90'}`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(`\nLighthouse performance (median of ${RUNS}; desktop: Lighthouse's desktop config, mobile: its default emulation, simulated throttling)`);
console.table(rows);
console.log('\nWhat limits each page (median run):');
for (const note of notes) console.log(`- ${note}`);
if (missed) {
  console.error('A Lighthouse target was missed.');
  process.exitCode = 1;
}
