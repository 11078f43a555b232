import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatMessage } from '../i18n/messages';
import * as accountSchemas from '../schemas/account';
import * as audioSchemas from '../schemas/audio';
import * as authSchemas from '../schemas/auth';
import * as commonSchemas from '../schemas/common';
import * as moderationSchemas from '../schemas/moderation';
import * as profileSchemas from '../schemas/profile';
import * as reviewSchemas from '../schemas/review';
import * as setSchemas from '../schemas/set';
import * as shelfSchemas from '../schemas/shelf';
import * as tagSchemas from '../schemas/tag';
import * as tonieSchemas from '../schemas/tonie';
import { MODERATION_MESSAGES } from './moderation';
import { PROFILE_MESSAGES } from './profile';
import { compareFileNames } from './set';

describe('the zod-free values', () => {
  it("a missing profile says what the moderators' 'no such user' says", () => {
    for (const language of ['en', 'de'] as const) expect(formatMessage(PROFILE_MESSAGES.notFound, language)).toBe(formatMessage(MODERATION_MESSAGES.userNotFound, language));
  });

  it('no values module imports zod or the schemas', () => {
    const dir = new URL('.', import.meta.url);
    for (const file of readdirSync(fileURLToPath(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      expect(source, file).not.toMatch(/from '(zod|\.\.\/schemas\/[^']*)'/);
    }
  });

  it('the schema modules export schemas and schema builders only, no values', () => {
    const modules = [
      accountSchemas,
      audioSchemas,
      authSchemas,
      commonSchemas,
      moderationSchemas,
      profileSchemas,
      reviewSchemas,
      setSchemas,
      shelfSchemas,
      tagSchemas,
      tonieSchemas,
    ];
    for (const module of modules) {
      for (const [name, value] of Object.entries(module)) expect(value instanceof z.ZodType || typeof value === 'function', name).toBe(true);
    }
  });
});

describe('set values', () => {
  it('compareFileNames: natural order (2 before 10), case-insensitive; equal names in a fixed order', () => {
    const names = ['10 Outro.wav', 'b.mp3', '2 Intro.wav', 'A.mp3', '1 Start.wav', 'a.mp3'];
    expect([...names].sort(compareFileNames)).toEqual(['1 Start.wav', '2 Intro.wav', '10 Outro.wav', 'A.mp3', 'a.mp3', 'b.mp3']);
  });
});
