// Real audio and images for upload tests: WAV made in code, tiny MP3/M4A/JPG/PNG fixtures made with
// ffmpeg (see fixtures/audio/README.md), and multipart bodies built by hand as a browser sends them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'audio');

export function fixture(name: 'tone.mp3' | 'tone.m4a' | 'cover.jpg' | 'cover.png'): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

/**
 * A PCM WAV file (16-bit mono sine): `seconds` long, or exactly `totalBytes` long when given
 * (the data chunk fills the rest; totalBytes - 44 must be even).
 */
export function wav(opts: { seconds?: number; totalBytes?: number; sampleRate?: number } = {}): Buffer {
  const rate = opts.sampleRate ?? 8000;
  const dataBytes = opts.totalBytes !== undefined ? opts.totalBytes - 44 : Math.round((opts.seconds ?? 1) * rate) * 2;
  if (dataBytes < 0 || dataBytes % 2) throw new Error('wav: the data size must be even and not negative');
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);
  // One period of a 440 Hz tone, repeated (fast even for tens of megabytes).
  const period = Buffer.alloc(Math.round(rate / 440) * 2);
  for (let i = 0; i < period.length / 2; i++) period.writeInt16LE(Math.round(Math.sin((2 * Math.PI * i * 2) / period.length) * 8000), i * 2);
  for (let o = 44; o < out.length; o += period.length) period.copy(out, o, 0, Math.min(period.length, out.length - o));
  return out;
}

export interface Part {
  field?: string;
  /** A file part when set (may be empty: a file input with a nameless file). */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as browsers build it (quotes in names escaped as %22, UTF-8 names). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----TonieShelfTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const field = part.field ?? 'file';
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"`;
    if (part.filename !== undefined) {
      const name = part.filename.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
      head += `; filename="${name}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
