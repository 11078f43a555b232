import { describe, expect, it } from 'vitest';
import { emptyStateTitle } from './empty-state-title';

describe('emptyStateTitle', () => {
  it('the four texts of the spec', () => {
    expect(emptyStateTitle({ tags: ['Sea'], search: 'x', category: 'Music' })).toBe('No Tonies found with the selected tags');
    expect(emptyStateTitle({ tags: [], search: ' zzz ', category: 'Music' })).toBe('No results for "zzz"');
    expect(emptyStateTitle({ tags: [], search: '', category: 'Music' })).toBe('No Tonies found in the "Music" category');
    expect(emptyStateTitle({ tags: [], search: '', category: null })).toBe('No Tonies available');
  });
});
