// WAV for the upload analysis, read as a stream: the RIFF header is parsed from the file's start
// (fmt and data chunks, WAVE_FORMAT_EXTENSIBLE included) and the data chunk is converted to float
// samples chunk by chunk. No library: the WAV decoders on npm (wav-decoder, node-wav) take the
// whole file as one buffer and return all of its samples at once, which for a 500 MB WAV is
// gigabytes of memory; this reads 256 KB at a time and holds nothing else. The samples are
// converted by wav-samples.mjs (in the analysis workers).
import fsp from 'node:fs/promises';

export interface WavFormat {
  /** 'int': PCM 8 (unsigned), 16, 24, 32 bits; 'float': 32-bit IEEE float. */
  encoding: 'int' | 'float';
  bits: number;
  channels: number;
  sampleRate: number;
  /** Bytes of one sample frame (all channels). */
  blockAlign: number;
  /** Where the samples start and how many bytes of them there are (cut to the file's end). */
  dataOffset: number;
  dataBytes: number;
}

/** Reads the WAV header of `file`; null when it is no WAV this reader can meter. */
export async function readWavFormat(file: string): Promise<WavFormat | null> {
  const fh = await fsp.open(file, 'r');
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(12);
    if ((await fh.read(head, 0, 12, 0)).bytesRead < 12) return null;
    if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return null;
    let offset = 12;
    let fmt: Omit<WavFormat, 'dataOffset' | 'dataBytes'> | null = null;
    const chunkHead = Buffer.alloc(8);
    // Chunks in any order; a few dozen at most before the data.
    for (let i = 0; i < 64 && offset + 8 <= size; i++) {
      await fh.read(chunkHead, 0, 8, offset);
      const id = chunkHead.toString('latin1', 0, 4);
      const length = chunkHead.readUInt32LE(4);
      if (id === 'fmt ') {
        const body = Buffer.alloc(Math.min(length, 64));
        await fh.read(body, 0, body.length, offset + 8);
        if (body.length < 16) return null;
        let tag = body.readUInt16LE(0);
        const channels = body.readUInt16LE(2);
        const sampleRate = body.readUInt32LE(4);
        const blockAlign = body.readUInt16LE(12);
        const bits = body.readUInt16LE(14);
        // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
        if (tag === 0xfffe && body.length >= 26) tag = body.readUInt16LE(24);
        const encoding = tag === 1 ? 'int' : tag === 3 ? 'float' : null;
        if (!encoding || channels < 1 || sampleRate < 1) return null;
        if (encoding === 'int' && ![8, 16, 24, 32].includes(bits)) return null;
        if (encoding === 'float' && bits !== 32) return null;
        if (blockAlign !== channels * (bits / 8)) return null;
        fmt = { encoding, bits, channels, sampleRate, blockAlign };
      } else if (id === 'data') {
        if (!fmt) return null;
        const dataOffset = offset + 8;
        // Streaming writers leave the length 0 or 0xFFFFFFFF: the data then runs to the file's end.
        const declared = length === 0 || length === 0xffffffff ? size - dataOffset : length;
        const available = Math.min(declared, size - dataOffset);
        return { ...fmt, dataOffset, dataBytes: available - (available % fmt.blockAlign) };
      }
      offset += 8 + length + (length & 1);
    }
    return null;
  } finally {
    await fh.close();
  }
}
