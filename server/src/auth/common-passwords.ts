// The 10,000 most common passwords, from the ranked list that zxcvbn-ts ships (@zxcvbn-ts/language-common).
import { dictionary } from '@zxcvbn-ts/language-common';

const TOP = 10_000;
let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).slice(0, TOP).map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}
