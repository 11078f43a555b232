// The logger services write to: Fastify's, or a quiet one outside a request (tests, tools).
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const quietLog: Log = { info() {}, warn() {}, error() {} };
