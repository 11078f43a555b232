import fs from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_FILE, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('the shipped list -> exactly the 10,000 top entries of zxcvbn-ts, lower-cased (run scripts/common-passwords.mjs after updating it)', () => {
    const shipped = fs.readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean);
    const source = [...new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()))];
    expect(shipped).toHaveLength(10_000);
    expect(shipped).toEqual(source);
  });

  it('isCommonPassword -> common ones in any case; a passphrase not', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Dragon')).toBe(true);
    expect(isCommonPassword('blue-giraffe-sings')).toBe(false);
  });
});
