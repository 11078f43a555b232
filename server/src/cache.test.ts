import { describe, expect, it, vi } from 'vitest';
import { ReadCache } from './cache';

describe('ReadCache', () => {
  it('get: second read within the TTL -> served from the cache, loaded once', async () => {
    const cache = new ReadCache(1000);
    const load = vi.fn(async () => ({ n: 1 }));
    expect(await cache.get('catalogue', 'k', load)).toEqual({ n: 1 });
    expect(await cache.get('catalogue', 'k', load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('get: concurrent misses of one key -> one load', async () => {
    const cache = new ReadCache(1000);
    let calls = 0;
    const load = () => new Promise<number>((r) => setTimeout(() => r(++calls), 10));
    expect(await Promise.all([cache.get('catalogue', 'k', load), cache.get('catalogue', 'k', load), cache.get('catalogue', 'k', load)])).toEqual([1, 1, 1]);
  });

  it('get: after the TTL -> loaded again', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache(100, undefined, { now: () => Date.now() });
      let calls = 0;
      const load = async () => ++calls;
      await cache.get('catalogue', 'k', load);
      vi.advanceTimersByTime(150);
      expect(await cache.get('catalogue', 'k', load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('get: a failed load -> not cached, the next read tries again', async () => {
    const cache = new ReadCache(1000);
    await expect(cache.get('catalogue', 'k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('catalogue', 'k', async () => 'ok')).toBe('ok');
  });

  it('invalidate(tag) -> that tag reloads, the other tag stays cached', async () => {
    const cache = new ReadCache(1000);
    await cache.get('catalogue', 'k', async () => 'c1');
    await cache.get('audio', 'k', async () => 'a1');
    cache.invalidate('catalogue');
    expect(await cache.get('catalogue', 'k', async () => 'c2')).toBe('c2');
    expect(await cache.get('audio', 'k', async () => 'a2')).toBe('a1');
  });

  it('invalidate during a load -> the load answers its caller but is not served afterwards', async () => {
    const cache = new ReadCache(1000);
    let release!: () => void;
    const slow = cache.get('audio', 'k', () => new Promise<string>((r) => (release = () => r('before the write'))));
    cache.invalidate('audio');
    release();
    expect(await slow).toBe('before the write');
    expect(await cache.get('audio', 'k', async () => 'after the write')).toBe('after the write');
  });

  it('clear / ttl 0 / size bound -> nothing stale, nothing cached, least recently used evicted by size', async () => {
    const cache = new ReadCache(1000, 50);
    await cache.get('catalogue', 'a', async () => 1);
    cache.clear();
    expect(await cache.get('catalogue', 'a', async () => 2)).toBe(2);
    // Each value is 20 JSON characters: two fit into 50, a third evicts the least recently used.
    const value = (c: string) => c.repeat(18);
    await cache.get('catalogue', 'b', async () => value('b'));
    await cache.get('catalogue', 'c', async () => value('c'));
    await cache.get('catalogue', 'd', async () => value('d'));
    expect(cache.bytes).toBeLessThanOrEqual(50);
    expect(await cache.get('catalogue', 'b', async () => 'reloaded')).toBe('reloaded');
    expect(await cache.get('catalogue', 'd', async () => 'reloaded')).toBe(value('d'));
    const off = new ReadCache(0);
    await off.get('catalogue', 'a', async () => 1);
    expect(await off.get('catalogue', 'a', async () => 2)).toBe(2);
    expect(off.size).toBe(0);
  });
});

describe('ReadCache while the database is unreachable', () => {
  const down = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));

  it('get: expired entry, database unreachable -> the expired answer, asked again a second later', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache(10_000, undefined, { now: () => Date.now() });
      await cache.get('catalogue', 'k', async () => 'first');
      vi.advanceTimersByTime(11_000);
      const load = vi.fn(down);
      expect(await cache.get('catalogue', 'k', load)).toBe('first');
      expect(await cache.get('catalogue', 'k', load)).toBe('first');
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1500);
      expect(await cache.get('catalogue', 'k', async () => 'fresh')).toBe('fresh');
    } finally {
      vi.useRealTimers();
    }
  });

  it('get: expired entry, another failure (e.g. not found) -> the failure, not the old answer', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ReadCache(100, undefined, { now: () => Date.now() });
      await cache.get('catalogue', 'k', async () => 'first');
      vi.advanceTimersByTime(150);
      await expect(cache.get('catalogue', 'k', () => Promise.reject(new Error('No Tonie with this id')))).rejects.toThrow('No Tonie');
    } finally {
      vi.useRealTimers();
    }
  });

  it('get: nothing cached, database unreachable -> the failure', async () => {
    const cache = new ReadCache(1000);
    await expect(cache.get('catalogue', 'k', down)).rejects.toThrow('ECONNREFUSED');
  });

  it('get: invalidated tag, database unreachable -> the failure (a write is never hidden by an old answer)', async () => {
    const cache = new ReadCache(1000);
    await cache.get('catalogue', 'k', async () => 'first');
    cache.invalidate('catalogue');
    await expect(cache.get('catalogue', 'k', down)).rejects.toThrow('ECONNREFUSED');
  });

  it('invalidate -> forgets here and hands the tags to the publisher; invalidateLocally (a remote write) -> forgets here, publishes nothing', async () => {
    const cache = new ReadCache(1000);
    const published: string[][] = [];
    cache.setPublisher((tags) => published.push([...tags]));
    await cache.get('catalogue', 'k', async () => 'c1');
    await cache.get('audio', 'k', async () => 'a1');
    cache.invalidate('catalogue', 'sets');
    expect(published).toEqual([['catalogue', 'sets']]);
    expect(await cache.get('catalogue', 'k', async () => 'c2')).toBe('c2');
    cache.invalidateLocally('audio');
    expect(published).toEqual([['catalogue', 'sets']]);
    expect(await cache.get('audio', 'k', async () => 'a2')).toBe('a2');
    // Without a cache of its own (TTL 0) an instance still tells the others.
    const off = new ReadCache(0);
    off.setPublisher((tags) => published.push([...tags]));
    off.invalidate('audio');
    expect(published).toEqual([['catalogue', 'sets'], ['audio']]);
  });

  it('invalidate with a publisher that throws -> the local invalidation stands, no error reaches the writer', async () => {
    const cache = new ReadCache(1000);
    cache.setPublisher(() => {
      throw new Error('database down');
    });
    await cache.get('sets', 'k', async () => 's1');
    expect(() => cache.invalidate('sets')).not.toThrow();
    expect(await cache.get('sets', 'k', async () => 's2')).toBe('s2');
    cache.setPublisher(null);
    expect(() => cache.invalidate('sets')).not.toThrow();
  });

  it('limitAge (not listening to other instances) -> an entry older than the bound is read again; while the database is down the held value answers, tried again after a second; null -> the TTL alone', async () => {
    let now = 0;
    const cache = new ReadCache(60_000, undefined, { now: () => now });
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('catalogue', 'k', load)).toBe(1);
    cache.limitAge(1000);
    now = 500;
    expect(await cache.get('catalogue', 'k', load)).toBe(1);
    now = 1600;
    expect(await cache.get('catalogue', 'k', load)).toBe(2);
    // The database is unreachable: the held value, and no new attempt within the next second.
    now = 3000;
    const down = vi.fn(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    expect(await cache.get('catalogue', 'k', down)).toBe(2);
    now = 3500;
    expect(await cache.get('catalogue', 'k', down)).toBe(2);
    expect(down).toHaveBeenCalledTimes(1);
    now = 4100;
    expect(await cache.get('catalogue', 'k', load)).toBe(3);
    // Listening again: the TTL (60 s) alone decides.
    cache.limitAge(null);
    now = 30_000;
    expect(await cache.get('catalogue', 'k', load)).toBe(3);
  });

  it('revalidateAll (listening again after a gap) -> what was held is loaded again on its next use, once; while the database is down it is still answered', async () => {
    let now = 0;
    const cache = new ReadCache(60_000, undefined, { now: () => now });
    let calls = 0;
    const load = async () => ++calls;
    await cache.get('catalogue', 'a', load);
    await cache.get('audio', 'b', async () => 'b1');
    now = 100;
    cache.revalidateAll();
    now = 200;
    expect(await cache.get('catalogue', 'a', load)).toBe(2);
    expect(await cache.get('catalogue', 'a', load)).toBe(2);
    const down = async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), {});
    };
    expect(await cache.get('audio', 'b', down)).toBe('b1');
    // A load that started before revalidateAll and ends after it is read again too.
    let release!: (v: string) => void;
    const slow = cache.get('sets', 'c', () => new Promise<string>((r) => (release = r)));
    now = 300;
    cache.revalidateAll();
    release('read before');
    expect(await slow).toBe('read before');
    expect(await cache.get('sets', 'c', async () => 'read after')).toBe('read after');
  });
});
