import { describe, expect, it } from 'vitest';
import { BUG_REPORT_PATH, COPYRIGHT_NOTICE_PATH, FEEDBACK_PATH, catalogSearchPath, reportPath } from './links';

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

describe('reportPath', () => {
  it('the contact form for bugs, feedback and copyright claims', () => {
    expect(BUG_REPORT_PATH).toBe('/report?kind=bug');
    expect(FEEDBACK_PATH).toBe('/report?kind=feedback');
    expect(COPYRIGHT_NOTICE_PATH).toBe('/report?kind=report&reason=copyright');
  });
  it('a target and its address, encoded', () => {
    const url = new URL(reportPath({ type: 'audio', id: 12, url: '/audio/discover?audio=12' }), 'http://localhost');
    expect(url.pathname).toBe('/report');
    expect(url.searchParams.get('type')).toBe('audio');
    expect(url.searchParams.get('id')).toBe('12');
    expect(url.searchParams.get('url')).toBe('/audio/discover?audio=12');
  });
  it('no options -> /report', () => {
    expect(reportPath()).toBe('/report');
  });
});
