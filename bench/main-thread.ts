/// <reference lib="dom" />
// Where a page load's main thread goes: loads a page in Debian's Chromium on a phone-sized
// window with the CPU slowed down (4x, as Lighthouse's mobile form assumes) and a trace
// recording, then prints every long task (over 50 ms) with what ran in it (trace events: layout,
// script, timers) and its hottest functions (CPU samples), and the layout shifts with the
// elements that moved. Lighthouse says how long the blocking time is; this says which code.
//
//   npm run bench:main-thread -- http://127.0.0.1:3000/catalog
//
// Point it at a running server (`npm start`, or a production build served with CLIENT_DIST).
// Build the client with `npx vite build --minify false` for readable function names.
// W (default 412: a phone) sets the window's width, RATE (default 4) the slowdown, WAIT
// (default 7000 ms) how long it records after the load event. CHAIN=<function> prints the call
// chains of that function's samples; TRACE_OUT=<file> keeps the raw trace (chrome://tracing).
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: Record<string, any>;
}

interface Shift {
  value: number;
  at: number;
  sources: { node: string; before: number[]; after: number[] }[];
}

const url = process.argv[2];
if (!url) throw new Error('Usage: bench/main-thread.ts <page address, e.g. http://127.0.0.1:3000/catalog>');
const width = Number(process.env.W ?? 412);
const rate = Number(process.env.RATE ?? 4);
const waitMs = Number(process.env.WAIT ?? 7000);

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
const context = await browser.newContext({ viewport: { width, height: 823 }, deviceScaleFactor: 1.75, isMobile: width < 600, hasTouch: width < 600 });
const page = await context.newPage();
await page.addInitScript(() => {
  const shifts: unknown[] = [];
  (window as unknown as { __shifts: unknown[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; startTime: number; sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[] }[]) {
      const rect = (r: DOMRect) => [r.x, r.y, r.width, r.height].map(Math.round);
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: entry.sources.map((s) => ({
          node:
            s.node instanceof Element ? `${s.node.tagName}.${String(s.node.className)}`.slice(0, 80) + ` "${(s.node.textContent ?? '').slice(0, 30)}"` : String(s.node?.nodeName),
          before: rect(s.previousRect),
          after: rect(s.currentRect),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
});
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate });
const events: TraceEvent[] = [];
cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
await cdp.send('Tracing.start', {
  transferMode: 'ReportEvents',
  traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'loading'] },
});
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(waitMs);
await cdp.send('Tracing.end');
await complete;
const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
await browser.close();
if (process.env.TRACE_OUT) fs.writeFileSync(process.env.TRACE_OUT, JSON.stringify(events));

// The page's main thread, its long tasks, and the CPU samples (one profile per thread).
const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`) && (e.dur ?? 0) > 50_000);
const frames = new Map<number, { fn: string; url: string; line: number; parent?: number }>();
const samples: { ts: number; node: number }[] = [];
const clock = new Map<string, number>();
for (const e of events) if (e.name === 'Profile') clock.set(`${e.pid}:${e.id}`, e.args!.data.startTime);
for (const e of events) {
  if (e.name !== 'ProfileChunk') continue;
  const key = `${e.pid}:${e.id}`;
  const data = e.args!.data;
  for (const n of data.cpuProfile?.nodes ?? [])
    frames.set(n.id, { fn: n.callFrame.functionName || '(anonymous)', url: String(n.callFrame.url ?? '').replace(/.*\//, ''), line: n.callFrame.lineNumber, parent: n.parent });
  let ts = clock.get(key) ?? 0;
  const ids: number[] = data.cpuProfile?.samples ?? [];
  const deltas: number[] = data.timeDeltas ?? [];
  ids.forEach((id, i) => {
    ts += deltas[i] ?? 0;
    samples.push({ ts, node: id });
  });
  clock.set(key, ts);
}
const frameName = (f: { fn: string; url: string; line: number }) => `${f.fn} ${f.url}:${f.line}`;
const top = (counts: Map<string, number>, n: number) =>
  [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${Math.round(v)}`)
    .join(', ');

const start = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
const blocking = tasks.reduce((sum, t) => sum + (t.dur! / 1000 - 50), 0);
console.log(`${url} at ${width} px, CPU ${rate}x slower: ${tasks.length} long tasks, ${Math.round(blocking)} ms over 50 ms in all`);
for (const task of tasks) {
  const end = task.ts + task.dur!;
  const inside = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e === task || e.pid !== task.pid || e.tid !== task.tid || e.ts < task.ts || e.ts > end || e.name.includes('RunTask')) continue;
    const name = e.name === 'FunctionCall' || e.name === 'EvaluateScript' ? `${e.name}(${String(e.args?.data?.url ?? '').replace(/.*\//, '')})` : e.name;
    inside.set(name, (inside.get(name) ?? 0) + e.dur! / 1000);
  }
  const own = new Map<string, number>();
  const chains = new Map<string, number>();
  const taskSamples = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
  for (const s of taskSamples) {
    const frame = frames.get(s.node);
    if (!frame) continue;
    own.set(frameName(frame), (own.get(frameName(frame)) ?? 0) + 1);
    if (process.env.CHAIN && frame.fn === process.env.CHAIN) {
      const names: string[] = [];
      for (let id: number | undefined = s.node; id !== undefined && names.length < 20; id = frames.get(id)?.parent) names.push(frameName(frames.get(id)!));
      chains.set(names.join(' < '), (chains.get(names.join(' < ')) ?? 0) + 1);
    }
  }
  console.log(`\n@${Math.round((task.ts - start) / 1000)} ms, ${Math.round(task.dur! / 1000)} ms long`);
  console.log(`  ran (ms): ${top(inside, 6)}`);
  console.log(`  hottest (samples of ${taskSamples.length}): ${top(own, 6)}`);
  for (const [chain, count] of [...chains.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`  ${count}x ${chain}`);
}
console.log(`\nlayout shifts: ${shifts.length ? '' : 'none'}`);
for (const shift of shifts) {
  console.log(`- ${shift.value.toFixed(4)} at ${shift.at} ms`);
  for (const s of shift.sources) console.log(`    ${s.node}: [x, y, w, h] ${s.before.join(', ')} -> ${s.after.join(', ')}`);
}
