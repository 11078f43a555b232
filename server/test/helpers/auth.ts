// In-process "browser": keeps the session token that procedures set, and builds each call's
// context from it exactly as an HTTP request would; and the error a call fails with.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { TRPCError } from '@trpc/server';
import type { RegisterInput } from '@tonieshelf/shared/schemas/auth';
import { MemorySmsTransport } from '../../src/auth/sms';
import { currentStep } from '../../src/auth/totp';
import type { AppConfig } from '../../src/config';
import { createMemoryMailer, type MemoryMailer } from '../../src/mail/mailer';
import { resolveSession } from '../../src/accounts/sessions';
import { refusalAnswer } from '../../src/errors';
import type { Storage } from '../../src/storage/storage';
import { createContextInner } from '../../src/trpc/context';
import { createCaller } from '../../src/trpc/router';
import { testConfig } from './app';
import type { TestDatabase } from './db';

let clientCounter = 0;
/** An address of its own for each client (198.18.0.0/15, the benchmarking range): per-address limits stay apart. */
const nextClientIp = () => {
  clientCounter += 1;
  return `198.${18 + ((clientCounter >> 16) & 1)}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
};

interface TestClientOptions {
  /** Where the calls' emails go (default: a mailer of this client's own). */
  mailer?: MemoryMailer;
  config?: AppConfig;
}

export class TestClient {
  token: string | null = null;
  readonly sms = new MemorySmsTransport();
  /** The emails this client's calls sent. */
  readonly mailer: MemoryMailer;
  readonly config: AppConfig;

  constructor(
    readonly database: TestDatabase,
    readonly ip = nextClientIp(),
    /** Where uploads live for this client's calls (default: the context's temp-dir storage). */
    public storage?: Storage,
    options: TestClientOptions = {},
  ) {
    this.mailer = options.mailer ?? createMemoryMailer();
    this.config = options.config ?? testConfig();
  }

  async caller() {
    const { valid: _v, renewed: _r, expiresAt: _e, ...resolved } = await resolveSession(this.database.db, this.token ?? undefined);
    return createCaller(
      createContextInner({
        db: this.database.db,
        config: this.config,
        ...resolved,
        ip: this.ip,
        userAgent: 'vitest',
        sms: this.sms,
        mailer: this.mailer,
        ...(this.storage ? { storage: this.storage } : {}),
        cookies: {
          set: (token) => (this.token = token),
          clear: () => (this.token = null),
        },
      }),
    );
  }
}

let counter = 0;
/** Registration input for a fresh, unique user. */
export function newUser(overrides: Partial<RegisterInput> = {}): RegisterInput {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Mia',
    lastName: 'Tester',
    email: `mia.${tag}@example.com`,
    password: 'blue-giraffe-sings',
    confirmPassword: 'blue-giraffe-sings',
    ...overrides,
  };
}

/** The code an authenticator app shows for `secret` (base32) at a step offset from now. */
export function totpCode(secret: string, stepOffset = 0): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), currentStep() + BigInt(stepOffset), 6);
}

interface Failure {
  code: string;
  /** The error's message: its message key (the code, with params when it has any). */
  message: string;
  /** Its text in English, as an answer to a request without a language says it. */
  text: string;
  reason?: string | undefined;
  field?: string | undefined;
  retryAfter?: number | undefined;
}

/** The error a call fails with (its tRPC code, message and AppError details); throws when it succeeds. */
export async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) {
      const e = err as TRPCError & { reason?: string; field?: string; retryAfter?: number };
      const text = refusalAnswer(err, 'en').message;
      return { code: err.code, message: err.message, text, reason: e.reason, field: e.field, retryAfter: e.retryAfter };
    }
    throw err;
  }
  throw new Error('expected the call to fail');
}
