import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { describe, expect, it } from 'vitest';
import type { UploadLimits } from '../config';
import { quotaRefusal, roomLeft, type UploadUsage } from './quota';

const MB = 1024 * 1024;
const limits: UploadLimits = { storedBytes: 100 * MB, pendingBytes: 20 * MB, perHour: 5, inFlight: 2, idleTimeoutMs: 30_000, shutdownGraceMs: 8000 };
const usage = (u: Partial<UploadUsage> = {}): UploadUsage => ({ storedBytes: 0, pendingBytes: 0, recentUploads: 0, oldestRecent: null, ...u });

describe('upload quotas', () => {
  it('roomLeft: the smaller of the pending and the stored room, with the matching text', () => {
    const pending = roomLeft(usage({ pendingBytes: 5 * MB }), limits);
    expect(pending.bytes).toBe(15 * MB);
    expect(formatMessage(pending.message, 'en')).toContain('not yet saved to an audio file (at most 20 MB)');
    const stored = roomLeft(usage({ storedBytes: 90 * MB, pendingBytes: 5 * MB }), limits);
    expect(stored.bytes).toBe(5 * MB);
    expect(formatMessage(stored.message, 'en')).toContain('you keep 95.0 MB of 100 MB');
    expect(formatMessage(stored.message, 'de')).toContain('95,0 MB');
    expect(roomLeft(usage({ storedBytes: 120 * MB }), limits).bytes).toBe(0);
  });

  it('quotaRefusal: fits exactly -> null; one byte over -> 413; nothing left -> 413 even for an unannounced size', () => {
    expect(quotaRefusal(usage({ pendingBytes: 10 * MB }), limits, 10 * MB)).toBeNull();
    expect(quotaRefusal(usage({ pendingBytes: 10 * MB }), limits, 10 * MB + 1)?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(quotaRefusal(usage({ pendingBytes: 20 * MB }), limits, 0)?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('quotaRefusal: the 5th upload within the hour -> 429, Retry-After until the oldest leaves the window', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const refusal = quotaRefusal(usage({ recentUploads: 5, oldestRecent: new Date(now - 50 * 60 * 1000) }), limits, MB, now);
    expect(refusal?.code).toBe('TOO_MANY_REQUESTS');
    expect(refusal?.retryAfter).toBe(600);
    expect(refusal && formatMessage(refusal.messageRef, 'en')).toBe('You have uploaded 5 files within the last hour, the most allowed. Please try again in 10 minutes.');
    expect(quotaRefusal(usage({ recentUploads: 4 }), limits, MB, now)).toBeNull();
  });
});
