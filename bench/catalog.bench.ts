// Catalogue load benchmark at scale: 100,000 Tonies, 2,000 tags (5 per Tonie), 20,000 users and
// about 1,000,000 ratings on PostgreSQL; the real server over HTTP with 50 connections per case;
// the same SQL through pgbench with 50 clients as the ceiling; EXPLAIN of every query shape.
// The mix: lists ('Newest First' by release date, page 500, highest rated, tags, category, the
// language and age filters), the forgiving search (folded, hyphenated, '&'/'und', a typo, nothing
// found with 'Did you mean', the header's quick search), a Tonie and its rating summary. Every
// search shape's plan is printed; a sequential scan of tonies in one stops the run.
//
//   npm run bench:catalog
//
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database is created there and dropped at the end (BENCH_KEEP=1 keeps it).
// BENCH_SECONDS: seconds of load per case (default 20); BENCH_PGBENCH_SECONDS (default 10).
// BENCH_LOG_LEVEL: the server's log level while loaded (default info, as in production).
// BENCH_REUSE=1 reuses the dataset of a run with BENCH_KEEP=1 instead of building it again.
import os from 'node:os';
import pg from 'pg';
import {
  adminUrl,
  captureSql,
  CONNECTIONS,
  explain,
  load,
  LOG_LEVEL,
  log,
  PGBENCH_SECONDS,
  pgbenchTps,
  scratchDatabase,
  SECONDS,
  startServer,
  step,
  WORDS,
} from './harness';
import type { createCaller } from '../server/src/trpc/router';

const scratch = scratchDatabase('tonieshelf_bench_catalog');

/** EXPLAIN of each statement (parameters inlined by captureSql), one after the other. */
async function planText(dbUrl: string, statements: string[]): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const parts: string[] = [];
    for (const statement of statements) {
      const res = await client.query(`EXPLAIN ${statement}`);
      parts.push(res.rows.map((r: Record<string, string>) => r['QUERY PLAN']!).join('\n'));
    }
    return parts.join('\n--\n');
  } finally {
    await client.end();
  }
}
const PORT = Number(process.env.BENCH_PORT ?? 3411);
const CATEGORIES = ['Audio Play', 'Audio Book', 'Music', 'Songs', 'Knowledge', 'Creative Tonie'];

const TONIES = 100_000;
const TAGS = 2_000;
const USERS = 20_000;

async function buildDataset() {
  const client = await scratch.recreate();
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const cats = `ARRAY[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`;
  const n = WORDS.length;
  await step(client, 'tags', `INSERT INTO tags (name) SELECT 'Tag ' || lpad(g::text, 4, '0') FROM generate_series(1, ${TAGS}) g`);
  await step(
    client,
    'tonies',
    `INSERT INTO tonies (article, name, series, category, description, runtime, language, song_count, release_date, age_range, age_min)
     SELECT 'bench-' || g,
            initcap(w[1 + (g * 7) % ${n}]) || ' and the ' || initcap(w[1 + (g * 13 + 5) % ${n}]) || ' ' || g,
            initcap(w[1 + (g * 7) % ${n}]) || ' Stories',
            c[1 + g % 6],
            'A story about the ' || w[1 + (g * 17) % ${n}] || ', the ' || w[1 + (g * 19 + 3) % ${n}] || ' and the ' ||
              w[1 + (g * 23 + 7) % ${n}] || '. ' || initcap(w[1 + (g * 29 + 11) % ${n}]) || ' meets ' || w[1 + (g * 31 + 13) % ${n}] ||
              ' near the ' || w[1 + (g * 37 + 17) % ${n}] || ' with a ' || w[1 + (g * 41 + 19) % ${n}] || ' and a ' || w[1 + (g * 43 + 23) % ${n}] || '.',
            20 + g % 70, (ARRAY['de-DE','en-GB','en-US','fr-FR'])[1 + g % 4], 5 + g % 20,
            date '2015-01-01' + (g % 3650), (2 + g % 8) || '+', 2 + g % 8
       FROM generate_series(1, ${TONIES}) g, (SELECT ${words} AS w, ${cats} AS c) v`,
  );
  await step(
    client,
    'tonie_tags (5 per Tonie)',
    `INSERT INTO tonie_tags (tonie_id, tag_id)
     SELECT t.id, 1 + ((t.id * 7 + k * 401) % ${TAGS}) FROM tonies t, generate_series(0, 4) k`,
  );
  await step(
    client,
    'users',
    `INSERT INTO users (id, email, username, first_name, last_name, password_hash)
     SELECT md5('u' || g)::uuid, 'u' || g || '@bench.example', 'u' || g, 'Bench', 'User ' || g, 'x'
       FROM generate_series(1, ${USERS}) g`,
  );
  await client.query('ALTER TABLE ratings DISABLE TRIGGER ratings_keep_aggregates');
  // 11 ratings for 9 of every 10 Tonies (990,000); every tenth Tonie stays unrated.
  await step(
    client,
    'ratings',
    `INSERT INTO ratings (tonie_id, user_id, rating, review)
     SELECT t.id, md5('u' || (1 + (t.id * 13 + k * 2003) % ${USERS}))::uuid, 1 + ((t.id * 31 + k * 17) % 5),
            CASE WHEN k = 0 THEN 'Lovely for bedtime, number ' || t.id END
       FROM tonies t, generate_series(0, 10) k WHERE t.id % 10 <> 0`,
  );
  await step(
    client,
    'rating aggregates',
    `UPDATE tonies t SET rating_count = s.c, rating_sum = s.s
       FROM (SELECT tonie_id, count(*)::int c, sum(rating)::int s FROM ratings GROUP BY tonie_id) s WHERE t.id = s.tonie_id`,
  );
  await client.query('ALTER TABLE ratings ENABLE TRIGGER ratings_keep_aggregates');
  await step(
    client,
    'review tags',
    `INSERT INTO rating_tags (rating_id, tag_id) SELECT r.id, 1 + (r.tonie_id * 7 % ${TAGS}) FROM ratings r WHERE r.review IS NOT NULL`,
  );
  await step(client, 'vacuum analyze', 'VACUUM ANALYZE');
  await client.end();
}

interface Case {
  name: string;
  url: string;
  kind: 'list' | 'search' | 'detail';
  /** The procedure call the endpoint makes, to capture its SQL. */
  call: (caller: ReturnType<typeof createCaller>) => Promise<unknown>;
}

const DETAIL_ID = 42_421;
const CASES: Case[] = [
  // 'Newest First' (the default order): release date, newest first.
  { name: 'list page 1', url: '/api/tonies?page=1', kind: 'list', call: (c) => c.tonie.list({ page: 1 }) },
  { name: 'list page 500', url: '/api/tonies?page=500', kind: 'list', call: (c) => c.tonie.list({ page: 500 }) },
  { name: 'sort highest', url: '/api/tonies?sort=highest', kind: 'list', call: (c) => c.tonie.list({ sort: 'highest' }) },
  {
    name: 'two-tag filter',
    url: `/api/tonies?tags=${encodeURIComponent('Tag 0008,Tag 0409')}`,
    kind: 'list',
    call: (c) => c.tonie.list({ tags: ['Tag 0008', 'Tag 0409'] }),
  },
  { name: 'category', url: `/api/tonies/category/${encodeURIComponent('Music')}`, kind: 'list', call: (c) => c.tonie.list({ category: 'Music' }) },
  // Issue 12's search: every word folded (accents, umlauts, hyphens, '&'/'und'/'and'), words of
  // 4+ letters also by trigram similarity (typos), ranked; 'Did you mean' when nothing is found.
  { name: 'search 4-letter word', url: '/api/tonies/search?q=moon', kind: 'search', call: (c) => c.tonie.list({ search: 'moon' }) },
  {
    name: 'search folded + hyphen ("Pírate-Tréasure")',
    url: `/api/tonies/search?q=${encodeURIComponent('Pírate-Tréasure')}`,
    kind: 'search',
    call: (c) => c.tonie.list({ search: 'Pírate-Tréasure' }),
  },
  { name: 'search typo ("lighthuse")', url: '/api/tonies/search?q=lighthuse', kind: 'search', call: (c) => c.tonie.list({ search: 'lighthuse' }) },
  {
    name: "search '&' = 'und' (\"Fox und Owl\")",
    url: `/api/tonies/search?q=${encodeURIComponent('Fox und Owl')}`,
    kind: 'search',
    call: (c) => c.tonie.list({ search: 'Fox und Owl' }),
  },
  {
    name: 'search nothing found + did you mean',
    url: `/api/tonies/search?q=${encodeURIComponent('Lighthuse Qwertzy')}`,
    kind: 'search',
    call: (c) => c.tonie.list({ search: 'Lighthuse Qwertzy' }),
  },
  {
    name: 'quick search typo ("captan")',
    url: `/trpc/tonie.quickSearch?input=${encodeURIComponent(JSON.stringify({ q: 'captan' }))}`,
    kind: 'search',
    call: (c) => c.tonie.quickSearch({ q: 'captan' }),
  },
  { name: 'language filter (de-DE)', url: '/api/tonies?languages=de-DE', kind: 'list', call: (c) => c.tonie.list({ languages: ['de-DE'] }) },
  { name: 'age filter (suits 4)', url: '/api/tonies?age=4', kind: 'list', call: (c) => c.tonie.list({ age: 4 }) },
  {
    name: 'English editions, suits 5, newest first',
    url: '/api/tonies?languages=en-GB,en-US&age=5&sort=newest',
    kind: 'list',
    call: (c) => c.tonie.list({ languages: ['en-GB', 'en-US'], age: 5, sort: 'newest' }),
  },
  { name: 'tonie detail', url: `/api/tonies/${DETAIL_ID}`, kind: 'detail', call: (c) => c.tonie.byId({ id: DETAIL_ID }) },
  {
    name: 'rating summary',
    url: `/api/tonies/${DETAIL_ID}/ratings/summary`,
    kind: 'detail',
    call: (c) => c.rating.summary({ tonieId: DETAIL_ID }),
  },
];

interface Outcome {
  name: string;
  target: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  pgbench: number;
  ratio: number;
  planOk: boolean;
  nodes: string[];
}

async function main() {
  log(`Node ${process.version}, ${os.cpus().length} cores; database ${scratch.name} on ${new URL(adminUrl).host}`);
  if (process.env.BENCH_REUSE === '1' && (await scratch.exists())) log('reusing the existing dataset');
  else await buildDataset();
  const phases: { label: string; cacheSeconds: number; outcomes: Outcome[] }[] = [
    { label: 'read cache on (CACHE_TTL_SECONDS=10, the default)', cacheSeconds: 10, outcomes: [] },
    { label: 'read cache off (CACHE_TTL_SECONDS=0): every request runs its SQL', cacheSeconds: 0, outcomes: [] },
  ];
  const plans = new Map<string, { statements: string[]; ok: boolean; nodes: string[]; tps: number }>();
  try {
    for (const c of CASES) {
      const statements = await captureSql(scratch.url, c.call);
      const plan = await explain(scratch.url, statements, ['tonies', 'tonie_tags', 'ratings', 'rating_tags']);
      plans.set(c.name, { statements, ...plan, tps: pgbenchTps(scratch.url, statements) });
    }
    // Every search shape's plan in full; a sequential scan of tonies stops the run.
    const scans: string[] = [];
    for (const c of CASES.filter((x) => x.kind === 'search')) {
      const text = await planText(scratch.url, plans.get(c.name)!.statements);
      console.log(`\nEXPLAIN, ${c.name}:\n${text}`);
      if (/Seq Scan on tonies\b/.test(text)) scans.push(c.name);
    }
    if (scans.length > 0) throw new Error(`Seq Scan on tonies in the plan of: ${scans.join(', ')}`);
    for (const phase of phases) {
      log(phase.label);
      const stop = await startServer({ port: PORT, dbUrl: scratch.url, cacheSeconds: phase.cacheSeconds });
      try {
        for (const c of CASES) {
          const plan = plans.get(c.name)!;
          await load(PORT, c.url, 2); // warm-up
          const result = await load(PORT, c.url, SECONDS);
          const o: Outcome = {
            name: c.name,
            target: c.kind === 'search' ? 100 : 50,
            reqPerSec: Math.round(result.requests.average),
            p50: result.latency.p50,
            p99: result.latency.p99,
            errors: result.non2xx + result.errors + result.timeouts,
            pgbench: Math.round(plan.tps),
            ratio: Math.round((result.requests.average / plan.tps) * 100) / 100,
            planOk: plan.ok,
            nodes: plan.nodes,
          };
          phase.outcomes.push(o);
          log(`${c.name}: ${o.reqPerSec} req/s, p50 ${o.p50} ms, p99 ${o.p99} ms, pgbench ${o.pgbench} tps, ratio ${o.ratio}`);
        }
      } finally {
        await stop();
      }
    }
  } finally {
    if (process.env.BENCH_KEEP !== '1') await scratch.drop();
  }

  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per case; pgbench ${CONNECTIONS} clients, ${PGBENCH_SECONDS} s; log level ${LOG_LEVEL}`);
  for (const phase of phases) {
    console.log(`\n### ${phase.label}\n`);
    console.log('| case | req/s | p50 ms | p99 ms | p99 target | errors | pgbench tps | ratio | index use (no scan of big tables) |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const o of phase.outcomes) {
      console.log(
        `| ${o.name} | ${o.reqPerSec} | ${o.p50} | ${o.p99} | ${o.target} | ${o.errors} | ${o.pgbench} | ${o.ratio} | ${o.planOk ? 'yes' : 'NO'}: ${o.nodes.join(', ')} |`,
      );
    }
    const misses = phase.outcomes.filter((o) => o.p99 > o.target || o.ratio < 0.5 || !o.planOk || o.errors > 0);
    console.log(misses.length ? `\nMissed: ${misses.map((o) => o.name).join(', ')}` : '\nEvery case within its targets.');
  }
}

await main();
