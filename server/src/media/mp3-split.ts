// MPEG audio frame headers, for splitting an MP3 so that its halves decode in parallel: a split
// point must be the start of a frame, found by scanning for a valid header near the middle and
// confirming it by the headers that follow (a stray 0xFFE in the audio data would not be
// followed by two more frames of the same stream at the right distances).
import type { FileHandle } from 'node:fs/promises';
import fsp from 'node:fs/promises';

interface FrameHeader {
  /** 1 = MPEG-1, 2 = MPEG-2, 2.5 = MPEG-2.5. */
  version: 1 | 2 | 2.5;
  layer: 1 | 2 | 3;
  sampleRate: number;
  channels: 1 | 2;
  /** Bytes of the whole frame, header included. */
  size: number;
  /** Samples per channel the frame decodes to. */
  samples: number;
}

const BITRATES: Record<string, readonly number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES: Record<string, readonly number[]> = { '1': [44100, 48000, 32000], '2': [22050, 24000, 16000], '2.5': [11025, 12000, 8000] };

/** The frame header at `i` of `b`, or null when the bytes there are no valid header. */
function parseFrameHeader(b: Uint8Array, i: number): FrameHeader | null {
  if (i + 4 > b.length) return null;
  const b1 = b[i + 1]!;
  const b2 = b[i + 2]!;
  const b3 = b[i + 3]!;
  if (b[i] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const v = (b1 >> 3) & 3;
  const l = (b1 >> 1) & 3;
  const brIndex = b2 >> 4;
  const srIndex = (b2 >> 2) & 3;
  if (v === 1 || l === 0 || brIndex === 0 || brIndex === 15 || srIndex === 3) return null;
  const version = v === 3 ? 1 : v === 2 ? 2 : 2.5;
  const layer = (4 - l) as 1 | 2 | 3;
  const kbps = BITRATES[`${version === 1 ? 1 : 2}-${layer}`]![brIndex]!;
  const sampleRate = RATES[String(version)]![srIndex]!;
  const padding = (b2 >> 1) & 1;
  const channels = b3 >> 6 === 3 ? 1 : 2;
  let size: number;
  let samples: number;
  if (layer === 1) {
    size = (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4;
    samples = 384;
  } else if (layer === 2 || version === 1) {
    size = Math.floor((144 * kbps * 1000) / sampleRate) + padding;
    samples = 1152;
  } else {
    size = Math.floor((72 * kbps * 1000) / sampleRate) + padding;
    samples = 576;
  }
  return { version, layer, sampleRate, channels, size, samples };
}

function sameStream(a: FrameHeader, b: FrameHeader): boolean {
  return a.version === b.version && a.layer === b.layer && a.sampleRate === b.sampleRate;
}

/** Whether a frame starts at `i` of `b` and is followed by `confirm` more frames of the same stream. */
function confirmedAt(b: Uint8Array, i: number, confirm: number): FrameHeader | null {
  const first = parseFrameHeader(b, i);
  if (!first) return null;
  let at = i + first.size;
  for (let k = 0; k < confirm; k++) {
    const next = parseFrameHeader(b, at);
    if (!next || !sameStream(first, next)) return null;
    at += next.size;
  }
  return first;
}

/** Where the MPEG frames start (after an ID3v2 tag), and what the first frame says. */
interface Mp3Layout {
  firstFrame: number;
  header: FrameHeader;
  fileSize: number;
}

const WINDOW = 64 * 1024;

async function readAt(fh: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, offset);
  return buf.subarray(0, bytesRead);
}

/** The first confirmed frame at or after `from` within the next `within` bytes (its offset), or null. */
async function frameAfter(fh: FileHandle, from: number, within: number): Promise<{ offset: number; header: FrameHeader } | null> {
  for (let start = from; start < from + within; start += WINDOW) {
    // Each window reads enough past its end to confirm a frame that starts in it (frames < 3 KB).
    const buf = await readAt(fh, start, WINDOW + 8 * 1024);
    if (buf.length < 4) return null;
    const end = Math.min(WINDOW, buf.length - 3);
    for (let i = 0; i < end; i++) {
      if (buf[i] !== 0xff) continue;
      const header = confirmedAt(buf, i, 2);
      if (header) return { offset: start + i, header };
    }
  }
  return null;
}

/** The MP3's first frame (past an ID3v2 tag); null when no MPEG stream is found near the start. */
export async function readMp3Layout(file: string): Promise<Mp3Layout | null> {
  const fh = await fsp.open(file, 'r');
  try {
    const { size } = await fh.stat();
    const head = await readAt(fh, 0, 10);
    let offset = 0;
    if (head.length === 10 && head.toString('latin1', 0, 3) === 'ID3') {
      offset = 10 + (((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f)) + (head[5]! & 0x10 ? 10 : 0);
    }
    const found = await frameAfter(fh, offset, 256 * 1024);
    return found ? { firstFrame: found.offset, header: found.header, fileSize: size } : null;
  } finally {
    await fh.close();
  }
}

/** A point to split at: the frame there, and an earlier frame from which the decoder warms up. */
interface SplitPoint {
  /** A frame starts here; the first half ends just before it. */
  offset: number;
  /**
   * Where the second half's decoder starts: a few frames earlier, so the bit reservoir and the
   * overlap of Layer III are filled when the frame at `offset` is decoded; what those frames
   * decode to is dropped (the first half has it).
   */
  warmup: number;
  /** Frames from `warmup` to `offset`. */
  warmupFrames: number;
}

/** Frames decoded and dropped before a split point (Layer III's bit reservoir reaches back < 512 bytes, and the overlap one frame). */
const WARMUP_FRAMES = 4;

/**
 * Where to split the stream between `layout.firstFrame` and the file's end near `fraction` of it:
 * a confirmed frame start, with a warm-up start WARMUP_FRAMES frames before it (walked frame by
 * frame, so both are on the same chain of frames). Null when no split point is found.
 */
export async function findSplitPoint(file: string, layout: Mp3Layout, fraction = 0.5): Promise<SplitPoint | null> {
  const fh = await fsp.open(file, 'r');
  try {
    const span = layout.fileSize - layout.firstFrame;
    if (span < 1024 * 1024) return null;
    // Start from a confirmed frame somewhat before the middle and walk frame by frame to it.
    const target = layout.firstFrame + Math.floor(span * fraction);
    const start = await frameAfter(fh, Math.max(layout.firstFrame, target - 32 * 1024), 256 * 1024);
    if (!start || start.offset >= layout.fileSize - 64 * 1024) return null;
    const recent: number[] = [];
    let at = start.offset;
    const buf = Buffer.alloc(4);
    while (at < layout.fileSize - 64 * 1024) {
      const { bytesRead } = await fh.read(buf, 0, 4, at);
      const h = bytesRead === 4 ? parseFrameHeader(buf, 0) : null;
      if (!h || !sameStream(h, start.header)) return null;
      recent.push(at);
      if (recent.length > WARMUP_FRAMES + 1) recent.shift();
      if (at >= target && recent.length === WARMUP_FRAMES + 1) return { offset: at, warmup: recent[0]!, warmupFrames: WARMUP_FRAMES };
      at += h.size;
    }
    return null;
  } finally {
    await fh.close();
  }
}
