// Lighthouse's accessibility category (issue 15: 100 on /catalog and /audio/discover), on the
// desktop and the mobile form factor. Chromium is the one the other browser tests use, started by
// Playwright with a remote debugging port that Lighthouse drives; a score below 1 fails, listing
// each failing audit with its elements.
import net from 'node:net';
import { chromium, expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import config from '../playwright.config';

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface FailedAudit {
  id: string;
  title: string;
  items: string[];
}

/** The accessibility audits that did not pass, with (up to five of) their elements. */
function failedAudits(
  lhr: { audits: Record<string, { id: string; title: string; score: number | null; scoreDisplayMode: string; details?: unknown }> },
  ids: string[],
): FailedAudit[] {
  return ids
    .map((id) => lhr.audits[id]!)
    .filter((audit) => audit && audit.scoreDisplayMode === 'binary' && audit.score !== 1)
    .map((audit) => {
      const details = audit.details as { items?: { node?: { snippet?: string; selector?: string; explanation?: string } }[] } | undefined;
      return {
        id: audit.id,
        title: audit.title,
        items: (details?.items ?? [])
          .slice(0, 5)
          .map((item) => `${item.node?.selector ?? ''} ${item.node?.snippet ?? ''} ${item.node?.explanation?.replace(/\s+/g, ' ') ?? ''}`.trim()),
      };
    });
}

const PAGES = ['/catalog', '/audio/discover'];

test.describe('Lighthouse accessibility', () => {
  let browser: Browser;
  let port: number;

  test.beforeAll(async () => {
    port = await freePort();
    const launch = config.use?.launchOptions ?? {};
    browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--remote-debugging-port=${port}`] });
  });

  test.afterAll(async () => {
    await browser?.close();
  });

  for (const formFactor of ['desktop', 'mobile'] as const) {
    for (const path of PAGES) {
      test(`${path} scores 100 (${formFactor})`, async ({ baseURL }) => {
        test.setTimeout(120_000);
        const result = await lighthouse(
          `${baseURL}${path}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'] },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        expect(result, 'Lighthouse gave a result').toBeTruthy();
        const { lhr } = result!;
        expect(lhr.runtimeError, JSON.stringify(lhr.runtimeError)).toBeUndefined();
        const category = lhr.categories.accessibility!;
        // The page had rendered its content: the contrast and the heading audits looked at elements.
        for (const id of ['color-contrast', 'heading-order']) expect(lhr.audits[id]?.scoreDisplayMode, `${id} ran on ${path}`).toBe('binary');
        const failing = failedAudits(
          lhr as never,
          category.auditRefs.map((ref) => ref.id),
        );
        const listing = failing.map((audit) => `${audit.id}: ${audit.title}\n${audit.items.map((item) => `  - ${item}`).join('\n')}`).join('\n');
        expect(category.score, `accessibility ${Math.round((category.score ?? 0) * 100)} on ${path} (${formFactor}); failing audits:\n${listing}`).toBe(1);
      });
    }
  }
});
