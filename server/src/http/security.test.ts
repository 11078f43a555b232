import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { helmetOptions, registerSecurityHeaders } from './security';

/** The headers helmet sets (worked out once by registerSecurityHeaders), from an answer's headers. */
const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const securityOf = (headers: Record<string, unknown>) => Object.fromEntries(HELMET_HEADERS.filter((h) => h in headers).map((h) => [h, headers[h]]));

async function answers(register: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/page', async () => 'page');
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  try {
    return await Promise.all(['/page', '/api/thing', '/fails', '/missing'].map(async (url) => securityOf((await app.inject({ method: 'GET', url })).headers)));
  } finally {
    await app.close();
  }
}

describe('security headers', () => {
  // HSTS and upgrade-insecure-requests only behind an https public origin (an http one, as on a
  // LAN, must not pin browsers to https).
  const CASES: { publicOrigin: string | null; https: boolean }[] = [
    { publicOrigin: null, https: false },
    { publicOrigin: 'http://shelf.local:8080', https: false },
    { publicOrigin: 'https://shelf.example', https: true },
  ];
  for (const { publicOrigin, https } of CASES) {
    it(`are the ones @fastify/helmet sets with the app's options, on every answer (PUBLIC_ORIGIN ${publicOrigin ?? 'unset'})`, async () => {
      const config = { publicOrigin } as AppConfig;
      const ours = await answers((app) => registerSecurityHeaders(app, config));
      const theirs = await answers(async (app) => {
        await app.register(helmet, helmetOptions(config));
      });
      expect(ours).toEqual(theirs);
      for (const headers of ours) {
        expect(headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect('strict-transport-security' in headers).toBe(https);
        expect(String(headers['content-security-policy']).includes('upgrade-insecure-requests')).toBe(https);
      }
    });
  }
});
