// Time-based codes per RFC 6238 (30 s steps, 6 digits, SHA-1 as authenticator apps expect):
// one step of drift either way, and a step once used is never accepted again.
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import qrcode from 'qrcode-generator';
import { safeEqual } from './tokens';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'TonieShelf';

export function generateTotpSecret(): Uint8Array {
  const key = new Uint8Array(20); // 160 bits
  crypto.getRandomValues(key);
  return key;
}

export function currentStep(now = Date.now()): bigint {
  return BigInt(Math.floor(now / 1000 / TOTP_PERIOD_SECONDS));
}

/** The matching time step within one step of drift, or null. */
export function matchTotpStep(key: Uint8Array, code: string, now = Date.now()): bigint | null {
  const step = currentStep(now);
  for (const candidate of [step, step - 1n, step + 1n]) {
    if (safeEqual(generateHOTP(key, candidate, TOTP_DIGITS), code)) return candidate;
  }
  return null;
}

export function totpUri(issuer: string, accountName: string, key: Uint8Array): string {
  return createTOTPKeyURI(issuer, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/**
 * The enrolment QR code as an SVG data URL (allowed by the CSP's img-src data:). qrcode-generator
 * has no dependencies (the qrcode package brought a command-line parser into production).
 */
export async function totpQrCode(uri: string): Promise<string> {
  const qr = qrcode(0, 'M');
  qr.addData(uri, 'Byte');
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 4, margin: 8, scalable: true });
  return `data:image/svg+xml;utf-8,${encodeURIComponent(svg)}`;
}
