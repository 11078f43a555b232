// Judging a received file by its bytes: its type (magic bytes), an audio file's duration, and
// whether an MP3 was cut off.
import fsp from 'node:fs/promises';
import { parseFile } from 'music-metadata';

/**
 * An MP3 with a Xing/Info header states its stream length; a file much shorter than that was cut
 * off (music-metadata would then report the header's full duration). Returns true when truncated.
 */
async function isTruncatedMp3(file: string, fileSize: number): Promise<boolean> {
  const fh = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(10);
    await fh.read(head, 0, 10, 0);
    let offset = 0;
    if (head.toString('latin1', 0, 3) === 'ID3') {
      const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
      offset = 10 + size + (head[5]! & 0x10 ? 10 : 0);
    }
    const frame = Buffer.alloc(200);
    const { bytesRead } = await fh.read(frame, 0, frame.length, offset);
    if (bytesRead < 4 || frame[0] !== 0xff || (frame[1]! & 0xe0) !== 0xe0) return false;
    const mpeg1 = (frame[1]! & 0x18) === 0x18;
    const mono = (frame[3]! & 0xc0) === 0xc0;
    const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
    const tag = 4 + sideInfo;
    const id = frame.toString('latin1', tag, tag + 4);
    if (id !== 'Xing' && id !== 'Info') return false;
    const flags = frame.readUInt32BE(tag + 4);
    if (!(flags & 0x2)) return false; // no byte count
    const streamBytes = frame.readUInt32BE(tag + 8 + (flags & 0x1 ? 4 : 0));
    return fileSize - offset < streamBytes * 0.97;
  } finally {
    await fh.close();
  }
}

/** Reads the duration (seconds) of an accepted audio file; null when it is unreadable (damaged or cut off). */
export async function readDuration(file: string, ext: string, size: number): Promise<number | null> {
  let duration: number | undefined;
  try {
    const meta = await parseFile(file, { duration: true, skipCovers: true });
    duration = meta.format.duration;
  } catch {
    duration = undefined;
  }
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return null;
  if (ext === 'mp3' && (await isTruncatedMp3(file, size))) return null;
  return Math.round(duration * 1000) / 1000;
}
