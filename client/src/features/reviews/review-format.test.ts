import { describe, expect, it } from 'vitest';
import { reviewerName } from './review-format';

describe('reviewerName', () => {
  it('first and last name, else Anonymous', () => {
    expect(reviewerName({ userProfile: { firstName: 'Mia', lastName: 'Schulz' } })).toBe('Mia Schulz');
    expect(reviewerName({ userProfile: { firstName: 'Mia', lastName: ' ' } })).toBe('Mia');
    expect(reviewerName({ userProfile: { firstName: '', lastName: '' } })).toBe('Anonymous');
  });

  it("a review whose author's account is gone (userId null) -> Anonymous, whatever its names say", () => {
    expect(reviewerName({ userId: null, userProfile: { firstName: 'Anonymous', lastName: '' } }, 'Anonym')).toBe('Anonym');
    expect(reviewerName({ userId: null, userProfile: { firstName: 'Mia', lastName: 'Schulz' } })).toBe('Anonymous');
    expect(reviewerName({ userId: 'u1', userProfile: { firstName: 'Mia', lastName: 'Schulz' } })).toBe('Mia Schulz');
  });
});
