import { describe, expect, it } from 'vitest';
import { catalogSearchPath } from './links';

describe('catalogSearchPath', () => {
  it('plain words -> /catalog?search= with spaces as %20', () => {
    expect(catalogSearchPath('paw patrol')).toBe('/catalog?search=paw%20patrol');
  });
  it('characters with a meaning in URLs are encoded', () => {
    expect(catalogSearchPath('Tom & Jerry?#1')).toBe('/catalog?search=Tom%20%26%20Jerry%3F%231');
  });
  it('the encoded query reads back as typed', () => {
    const query = 'Bibi & Tina: Über 100% Spaß';
    const url = new URL(catalogSearchPath(query), 'http://localhost');
    expect(url.pathname).toBe('/catalog');
    expect(url.searchParams.get('search')).toBe(query);
  });
});
