// WAV sample bytes -> float channels, for the upload analysis (the header is read by
// wav-stream.ts). Plain JavaScript (types in wav-samples.d.mts) so the analysis workers load it
// without a TypeScript loader.

/**
 * Converts WAV sample bytes to float channels, carrying a partial sample frame from one chunk to
 * the next. Feed it bytes that start at a sample frame boundary.
 */
class WavSampleReader {
  #format;
  #carry = Buffer.alloc(0);
  #channels = [];
  constructor(format) {
    this.#format = format;
  }
  /** The samples of `chunk` (plus what was carried): per-channel arrays and how many samples each holds. */
  read(chunk) {
    const f = this.#format;
    const bytes = this.#carry.length ? Buffer.concat([this.#carry, chunk]) : chunk;
    const frames = Math.floor(bytes.length / f.blockAlign);
    const used = frames * f.blockAlign;
    this.#carry = used < bytes.length ? Buffer.from(bytes.subarray(used)) : Buffer.alloc(0);
    if (this.#channels.length !== f.channels || this.#channels[0].length < frames) {
      this.#channels = Array.from({ length: f.channels }, () => new Float32Array(Math.max(frames, 1)));
    }
    const out = this.#channels;
    const bps = f.bits / 8;
    for (let c = 0; c < f.channels; c++) {
      const ch = out[c];
      let o = c * bps;
      if (f.encoding === 'float') {
        for (let i = 0; i < frames; i++, o += f.blockAlign) ch[i] = bytes.readFloatLE(o);
      } else if (f.bits === 16) {
        for (let i = 0; i < frames; i++, o += f.blockAlign) ch[i] = bytes.readInt16LE(o) / 32768;
      } else if (f.bits === 24) {
        for (let i = 0; i < frames; i++, o += f.blockAlign) ch[i] = bytes.readIntLE(o, 3) / 8388608;
      } else if (f.bits === 32) {
        for (let i = 0; i < frames; i++, o += f.blockAlign) ch[i] = bytes.readInt32LE(o) / 2147483648;
      } else {
        for (let i = 0; i < frames; i++, o += f.blockAlign) ch[i] = (bytes[o] - 128) / 128;
      }
    }
    return { data: out, samples: frames };
  }
}
export { WavSampleReader };
