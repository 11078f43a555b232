// A real SMTP server for the mail tests, run as a child process (smtp-server on 127.0.0.1, a free
// port, no TLS, no sign-in needed). It prints `{"port":N}` once listening, then for each message it
// receives writes the raw message to <out dir>/<n>.eml and prints `{"file":...,"from":...,"to":[...]}`.
// Run: node node_modules/tsx/dist/cli.mjs server/test/helpers/smtp-sink.ts <out dir>
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

/** This script's path, for spawning it. */
export const SMTP_SINK_SCRIPT = fileURLToPath(import.meta.url);

/** What the sink prints for each message it received. */
export interface SinkDelivery {
  file: string;
  from: string;
  to: string[];
}

function main(outDir: string): void {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        count += 1;
        const file = path.join(outDir, `${count}.eml`);
        const { mailFrom, rcptTo } = session.envelope;
        writeFile(`${file}.tmp`, Buffer.concat(chunks))
          .then(() => rename(`${file}.tmp`, file))
          .then(() => {
            const delivery: SinkDelivery = { file, from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) };
            process.stdout.write(`${JSON.stringify(delivery)}\n`);
            callback();
          }, callback);
      });
    },
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === SMTP_SINK_SCRIPT) {
  const outDir = process.argv[2];
  if (!outDir) {
    process.stderr.write('usage: smtp-sink.ts <out dir>\n');
    process.exit(2);
  }
  main(outDir);
}
