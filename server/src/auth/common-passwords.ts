// The 10,000 most common passwords, from the ranked list that zxcvbn-ts maintains, as a text file
// made by scripts/common-passwords.mjs (loading the package's whole dictionary would cost about
// 5 MB of heap for this one list; the set of 10,000 costs well under 1 MB). Read on first use.
import fs from 'node:fs';

export const COMMON_PASSWORDS_FILE = new URL('./common-passwords.txt', import.meta.url);
let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(fs.readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean));
  return commonPasswords.has(password.toLowerCase());
}
