import { describe, expect, it } from 'vitest';
import { formatMessage } from '../i18n/messages';
import * as accountSchemas from '../schemas/account';
import * as moderationSchemas from '../schemas/moderation';
import * as profileSchemas from '../schemas/profile';
import { ACCOUNT_MESSAGES } from './account';
import { MODERATION_MESSAGES } from './moderation';
import { PROFILE_MESSAGES, profilePath } from './profile';
import { compareFileNames } from './set';

describe('the zod-free values', () => {
  it("a missing profile says what the moderators' 'no such user' says", () => {
    for (const language of ['en', 'de'] as const) expect(formatMessage(PROFILE_MESSAGES.notFound, language)).toBe(formatMessage(MODERATION_MESSAGES.userNotFound, language));
  });

  it('the schema modules still export them, the same objects', () => {
    expect(profileSchemas.PROFILE_MESSAGES).toBe(PROFILE_MESSAGES);
    expect(profileSchemas.profilePath).toBe(profilePath);
    expect(moderationSchemas.MODERATION_MESSAGES).toBe(MODERATION_MESSAGES);
    expect(accountSchemas.ACCOUNT_MESSAGES).toBe(ACCOUNT_MESSAGES);
  });
});

describe('set values', () => {
  it('compareFileNames: natural order (2 before 10), case-insensitive; equal names in a fixed order', () => {
    const names = ['10 Outro.wav', 'b.mp3', '2 Intro.wav', 'A.mp3', '1 Start.wav', 'a.mp3'];
    expect([...names].sort(compareFileNames)).toEqual(['1 Start.wav', '2 Intro.wav', '10 Outro.wav', 'A.mp3', 'a.mp3', 'b.mp3']);
  });
});
