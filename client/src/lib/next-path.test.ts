import { describe, expect, it } from 'vitest';
import { authPathWithNext, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('a path of this site -> kept, with its query and hash', () => {
    expect(safeNextPath('/audio/liked')).toBe('/audio/liked');
    expect(safeNextPath('/catalog?search=frozen&page=2#top')).toBe('/catalog?search=frozen&page=2#top');
  });
  it('missing or empty -> /', () => {
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
    expect(safeNextPath('')).toBe('/');
  });
  it('other sites, protocol-relative and backslash tricks -> /', () => {
    for (const raw of ['https://evil.example/', '//evil.example/path', '/\\evil.example', 'javascript:alert(1)', 'audio/liked', '/\t/evil.example', '/\n/evil.example']) {
      expect(safeNextPath(raw), raw).toBe('/');
    }
  });
  it('/auth itself -> / (no loop)', () => {
    expect(safeNextPath('/auth')).toBe('/');
    expect(safeNextPath('/auth?next=%2Faudio%2Fliked')).toBe('/');
  });
  it('dot segments are resolved and stay on this site', () => {
    expect(safeNextPath('/audio/../account/security')).toBe('/account/security');
  });
});

describe('authPathWithNext', () => {
  it('the path is URL-encoded into ?next=', () => {
    expect(authPathWithNext('/audio/liked')).toBe('/auth?next=%2Faudio%2Fliked');
    expect(authPathWithNext('/catalog?search=a b')).toBe('/auth?next=%2Fcatalog%3Fsearch%3Da%2520b');
  });
  it('home or an unsafe path -> plain /auth', () => {
    expect(authPathWithNext('/')).toBe('/auth');
    expect(authPathWithNext('//evil.example')).toBe('/auth');
  });
});
