import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './e2e/chromium';

// Browser tests run against the built client served by the real server on an embedded database
// seeded with the demo catalogue. Chromium comes from Debian (`chromium-headless-shell` when
// installed, else `chromium`); CHROMIUM_PATH overrides where it lives.
const PORT = Number(process.env.E2E_PORT ?? 3199);
const DATA_DIR = path.join(os.tmpdir(), `tonieshelf-e2e-${PORT}`);
const RATING_SPECS = /\/(accounts|audio-german|catalogue|profiles|reporting|reviews)\.spec\.ts$/;
const ACCESSIBILITY_SPECS = /(a11y-[\w-]+|lighthouse)\.spec\.ts$/;
const SWEEP_SPEC = /a11y-sweep\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Three workers on the machine's two cores (a test waits on the browser and the server often
  // enough that a third fills the gaps; E2E_WORKERS overrides), each taking the next file of any
  // project. The specs that rate and review demo Tonies read the counts and averages they change,
  // so they run one file at a time; every other test makes its own accounts and content. The axe
  // sweep, a test per route, spreads over all workers, so none idles at the end.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  projects: [
    { name: 'ratings', testMatch: RATING_SPECS, workers: 1 },
    { name: 'app', testIgnore: [RATING_SPECS, ACCESSIBILITY_SPECS, SWEEP_SPEC] },
    { name: 'accessibility', testMatch: ACCESSIBILITY_SPECS, testIgnore: SWEEP_SPEC },
    { name: 'sweep', testMatch: SWEEP_SPEC, fullyParallel: true },
  ],
  retries: 0,
  // The longest journeys (several accounts, uploads, mail) take about a minute on a busy machine;
  // a click or fill that cannot happen fails on its own, long before that. While another worker
  // uploads and analyses minutes of audio, the two cores answer a page in seconds, not
  // milliseconds: an expectation waits up to 15 s.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    actionTimeout: 30_000,
  },
  webServer: {
    command: `rm -rf "${DATA_DIR}" && node node_modules/tsx/dist/cli.mjs server/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      SEED_DEMO: '1',
      // A build of the browser app elsewhere than client/dist (parallel runs build apart).
      CLIENT_DIST: process.env.CLIENT_DIST ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Emailed links point at the address the tests browse; mail goes to DATA_DIR/mail, never out.
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      SMTP_URL: '',
      // Every browser test registers its own accounts from 127.0.0.1; the suite makes more than
      // the default 30 an hour that one address may make.
      REGISTRATIONS_PER_ADDRESS_HOUR: '1000',
      // Likewise the reports and contact messages the reporting and moderation tests send.
      REPORTS_PER_ADDRESS_HOUR: '1000',
      // And the connections: every browser context of every worker connects from 127.0.0.1.
      CONNECTIONS_PER_ADDRESS: '0',
    },
  },
});
