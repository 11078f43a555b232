// Random tokens and their digests (oslojs): session tokens, recovery codes, phone codes.
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomInt } from 'node:crypto';

/** 160 random bits as lowercase base32 (32 characters). */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** SHA-256 of a string, as lowercase hex. */
export function digest(value: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(value)));
}

export function safeEqual(a: string, b: string): boolean {
  const ea = new TextEncoder().encode(a);
  const eb = new TextEncoder().encode(b);
  return ea.length === eb.length && constantTimeEqual(ea, eb);
}

/** A 6-digit numeric code. */
export function generateNumericCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code such as 'k3f7q-xm2ab' (50 random bits). */
export function generateRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Normalises a typed recovery code ('K3F7Q XM2AB' -> 'k3f7q-xm2ab'). */
export function normaliseRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[^a-z2-7]/g, '');
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}
