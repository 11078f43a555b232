import { describe, expect, it, vi } from 'vitest';
import { QueryCache } from './cache';

describe('QueryCache', () => {
  it('get: second read within the TTL -> served from the cache, loaded once', async () => {
    const cache = new QueryCache(1000);
    const load = vi.fn(async () => ({ n: 1 }));
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('get: concurrent misses of one key -> one load', async () => {
    const cache = new QueryCache(1000);
    let calls = 0;
    const load = () => new Promise<number>((r) => setTimeout(() => r(++calls), 10));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([1, 1, 1]);
  });

  it('get: after the TTL -> loaded again', async () => {
    vi.useFakeTimers();
    try {
      const cache = new QueryCache(100);
      let calls = 0;
      const load = async () => ++calls;
      await cache.get('k', load);
      vi.advanceTimersByTime(150);
      expect(await cache.get('k', load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('get: a failed load -> not cached, the next read tries again', async () => {
    const cache = new QueryCache(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('clear / ttl 0 / max entries -> nothing stale, nothing cached, oldest evicted', async () => {
    const cache = new QueryCache(1000, 2);
    await cache.get('a', async () => 1);
    cache.clear();
    expect(await cache.get('a', async () => 2)).toBe(2);
    await cache.get('b', async () => 1);
    await cache.get('c', async () => 1);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 3)).toBe(3);
    const off = new QueryCache(0);
    await off.get('a', async () => 1);
    expect(await off.get('a', async () => 2)).toBe(2);
    expect(off.size).toBe(0);
  });
});
