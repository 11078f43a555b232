// The loudness and peak meter against known values (EBU Tech 3341 style sine tests, the gates)
// and against libebur128 (the ebur128-wasm port, loaded here from its .wasm), and the analysis of
// real files: WAV of every sample format, MP3 split in two halves against the same MP3 decoded
// whole and against mpg123-decoder's own decode(), and M4A (no decoder: 'failed').
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAVEFORM_PEAKS } from '@tonieshelf/shared/values/audio';
import { analyseAudio, analyseStretches, closeAnalysisWorkers, planAnalysis } from './analyse';
import analyseStretch from './analyse-worker.mjs';
import { combine, integratedLoudness, StreamMeter } from './loudness';

const require = (await import('node:module')).createRequire(import.meta.url);

// ---- libebur128 (ebur128-wasm), instantiated by hand: its package is a bundler-only ESM build.
interface Ebur128 {
  mono(rate: number, x: Float32Array): number;
  stereo(rate: number, l: Float32Array, r: Float32Array): number;
}
async function loadEbur128(): Promise<Ebur128> {
  const wasmPath = path.join(path.dirname(require.resolve('ebur128-wasm/package.json')), 'ebur128_wasm_bg.wasm');
  // The imports its ebur128_wasm_bg.js provides are only used when the Rust code panics.
  const panic = () => {
    throw new Error('ebur128-wasm panicked');
  };
  const imports = {
    './ebur128_wasm_bg.js': { __wbg_new_693216e109162396: panic, __wbg_stack_0ddaca5d1abfb52f: panic, __wbg_error_09919627ac0992f5: panic, __wbindgen_object_drop_ref: () => {} },
  };
  // (The server's TypeScript lib has no WebAssembly types; Node has WebAssembly.)
  const wasm = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: unknown } }> } }).WebAssembly;
  const { instance } = await wasm.instantiate(fs.readFileSync(wasmPath), imports);
  const e = instance.exports as {
    memory: { buffer: ArrayBuffer };
    __wbindgen_malloc(n: number, align?: number): number;
    ebur128_integrated_mono(rate: number, p: number, n: number): number;
    ebur128_integrated_stereo(rate: number, p: number, n: number, q: number, m: number): number;
  };
  const pass = (x: Float32Array) => {
    const ptr = e.__wbindgen_malloc(x.length * 4, 4);
    new Float32Array(e.memory.buffer, ptr, x.length).set(x);
    return ptr;
  };
  return {
    mono: (rate, x) => e.ebur128_integrated_mono(rate, pass(x), x.length),
    stereo: (rate, l, r) => {
      const pl = pass(l);
      const pr = pass(r);
      return e.ebur128_integrated_stereo(rate, pl, l.length, pr, r.length);
    },
  };
}

// ---- signals
const dbfs = (db: number) => 10 ** (db / 20);

function sine(rate: number, seconds: number, freq: number, level: number): Float32Array {
  const n = Math.round(rate * seconds);
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) x[i] = level * Math.sin((2 * Math.PI * freq * i) / rate);
  return x;
}

function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Something like music: tones that move, a beat, noise, changing level (seeded, so the same every run). */
function musicLike(rate: number, seconds: number, seed: number, gain = 0.3): Float32Array {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  const n = Math.round(rate * seconds);
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 0.25 * t);
    const beat = Math.exp(-((t * 2) % 1) * 12) * Math.sin(2 * Math.PI * 60 * t);
    x[i] = gain * (0.4 * Math.sin(2 * Math.PI * (220 + 30 * Math.sin(t)) * t) * envelope + 0.3 * beat + 0.15 * rnd() + 0.2 * Math.sin(2 * Math.PI * 3520 * t) * (1 - envelope));
  }
  return x;
}

/** Meters channels pushed in uneven chunks, as decoders deliver them. */
function measure(rate: number, channels: Float32Array[], chunk = 1153) {
  const meter = new StreamMeter(rate, channels.length);
  const n = channels[0]!.length;
  for (let o = 0; o < n; o += chunk) {
    const len = Math.min(chunk, n - o);
    meter.push(
      channels.map((c) => c.subarray(o, o + len)),
      len,
    );
  }
  return combine([meter.finish()]);
}

describe('loudness meter: known values (EBU Tech 3341 style)', () => {
  for (const rate of [44100, 48000]) {
    it(`1 kHz sine at -23 dBFS in both channels at ${rate} Hz -> -23.0 LUFS`, () => {
      const x = sine(rate, 20, 1000, dbfs(-23));
      expect(measure(rate, [x, x]).loudnessLufs).toBeCloseTo(-23, 1);
    });
  }

  it('1 kHz sine at -20 dBFS in both channels -> -20.0 LUFS, peak -20.0 dBFS', () => {
    const x = sine(48000, 20, 1000, dbfs(-20));
    const m = measure(48000, [x, x]);
    expect(Math.abs(m.loudnessLufs! - -20)).toBeLessThanOrEqual(0.1);
    expect(m.peakDbfs!).toBeCloseTo(-20, 1);
  });

  it('mono file: one channel weighed 1 (as libebur128) -> the same sine reads 3 LU below stereo (-26.0 LUFS)', () => {
    const x = sine(48000, 20, 1000, dbfs(-23));
    expect(Math.abs(measure(48000, [x]).loudnessLufs! - -26.01)).toBeLessThanOrEqual(0.1);
  });

  it('silence -> no loudness, no peak, a flat waveform', () => {
    const x = new Float32Array(48000 * 5);
    const m = measure(48000, [x, x]);
    expect(m.loudnessLufs).toBeNull();
    expect(m.peakDbfs).toBeNull();
    expect(m.waveform).toEqual(new Uint8Array(WAVEFORM_PEAKS));
  });

  it('absolute gate: a stretch at -80 dBFS is left out (-23.0 LUFS); everything at -75 LUFS is gated (null)', () => {
    const loud = sine(48000, 10, 1000, dbfs(-23));
    const quiet = sine(48000, 10, 1000, dbfs(-80));
    const both = concat(loud, quiet);
    expect(Math.abs(measure(48000, [both, both]).loudnessLufs! - -23)).toBeLessThanOrEqual(0.1);
    const gated = sine(48000, 10, 1000, dbfs(-75));
    expect(measure(48000, [gated, gated]).loudnessLufs).toBeNull();
  });

  it('relative gate: 10 s at -20 dBFS and 10 s at -40 dBFS -> -20.0 LUFS (the quiet half is more than 10 LU below)', () => {
    const x = concat(sine(48000, 10, 1000, dbfs(-20)), sine(48000, 10, 1000, dbfs(-40)));
    expect(Math.abs(measure(48000, [x, x]).loudnessLufs! - -20)).toBeLessThanOrEqual(0.1);
  });

  it('audio shorter than one 400 ms block -> no loudness, but a peak', () => {
    const x = sine(48000, 0.3, 1000, 0.5);
    const m = measure(48000, [x, x]);
    expect(m.loudnessLufs).toBeNull();
    expect(m.peakDbfs!).toBeCloseTo(20 * Math.log10(0.5), 1);
  });

  it('the chunk sizes do not change the figures', () => {
    const l = musicLike(44100, 6, 7);
    const r = musicLike(44100, 6, 8);
    const a = measure(44100, [l, r], 1152);
    const b = measure(44100, [l, r], 44100 * 6);
    expect(b.loudnessLufs!).toBeCloseTo(a.loudnessLufs!, 9);
    expect(b.waveform).toEqual(a.waveform);
  });

  it('integratedLoudness: blocks are four sub-blocks stepping one (three sub-blocks make no block)', () => {
    const e = 10 ** ((-23 + 0.691) / 10);
    expect(integratedLoudness([e, e, e], [1, 1, 1])).toBeNull();
    expect(integratedLoudness([e, e, e, e], [1, 1, 1, 1])).toBeCloseTo(-23, 6);
  });

  it('waveform: linear, round(peak * 255) per slice', () => {
    const rate = 8000;
    const x = concat(sine(rate, 5, 100, 1), sine(rate, 5, 100, 0.5));
    const w = measure(rate, [x]).waveform;
    expect(w.length).toBe(WAVEFORM_PEAKS);
    expect(w[10]).toBe(255);
    expect(w[WAVEFORM_PEAKS - 10]).toBe(128);
  });
});

describe('loudness meter: agrees with libebur128 (ebur128-wasm) within 0.1 LU', { timeout: 30_000 }, () => {
  let ebur: Ebur128;
  beforeAll(async () => {
    ebur = await loadEbur128();
  });

  for (const rate of [44100, 48000]) {
    it(`music-like stereo at ${rate} Hz`, () => {
      const l = musicLike(rate, 12, 1);
      const r = musicLike(rate, 12, 2, 0.2);
      const ours = measure(rate, [l, r]).loudnessLufs!;
      expect(Math.abs(ours - ebur.stereo(rate, l, r))).toBeLessThanOrEqual(0.1);
    });

    it(`loud and quiet passages (both gates at work) at ${rate} Hz`, () => {
      const x = concat(musicLike(rate, 5, 3, 0.5), musicLike(rate, 5, 4, 0.01), new Float32Array(rate * 2), musicLike(rate, 4, 5, 0.1));
      const ours = measure(rate, [x, x]).loudnessLufs!;
      expect(Math.abs(ours - ebur.stereo(rate, x, x))).toBeLessThanOrEqual(0.1);
    });

    it(`mono: low and high tones at ${rate} Hz`, () => {
      const x = concat(sine(rate, 4, 40, 0.5), sine(rate, 4, 8000, 0.2), sine(rate, 4, 997, 0.05));
      const ours = measure(rate, [x]).loudnessLufs!;
      expect(Math.abs(ours - ebur.mono(rate, x))).toBeLessThanOrEqual(0.1);
    });
  }
});

// ---- files
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-analyse-'));
});
afterAll(async () => {
  await closeAnalysisWorkers();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A WAV file of these channels in the given sample format (WAVE_FORMAT_EXTENSIBLE when asked). */
function writeWav(name: string, rate: number, channels: Float32Array[], bits: 8 | 16 | 24 | 32, float = false, extensible = false): string {
  const n = channels[0]!.length;
  const bps = bits / 8;
  const blockAlign = bps * channels.length;
  const fmtLength = extensible ? 40 : 16;
  const header = Buffer.alloc(12 + 8 + fmtLength + 8);
  const data = Buffer.alloc(n * blockAlign);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(header.length - 8 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(fmtLength, 16);
  const tag = float ? 3 : 1;
  header.writeUInt16LE(extensible ? 0xfffe : tag, 20);
  header.writeUInt16LE(channels.length, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bits, 34);
  if (extensible) {
    header.writeUInt16LE(22, 36);
    header.writeUInt16LE(bits, 38);
    header.writeUInt16LE(tag, 44); // the sub-format GUID starts with the format tag
  }
  header.write('data', 20 + fmtLength, 'latin1');
  header.writeUInt32LE(data.length, 24 + fmtLength);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < channels.length; c++) {
      const v = Math.max(-1, Math.min(1, channels[c]![i]!));
      const o = i * blockAlign + c * bps;
      if (float) data.writeFloatLE(v, o);
      else if (bits === 8) data[o] = Math.round(v * 127) + 128;
      else if (bits === 16) data.writeInt16LE(Math.round(v * 32767), o);
      else if (bits === 24) data.writeIntLE(Math.round(v * 8388607), o, 3);
      else data.writeInt32LE(Math.round(v * 2147483647), o);
    }
  }
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

/** An MP3 of `seconds` of music-like stereo, made with lamejs. */
function writeMp3(name: string, seconds: number): string {
  const rate = 44100;
  const left = musicLike(rate, seconds, 11);
  const right = musicLike(rate, seconds, 12, 0.25);
  const toInt = (x: Float32Array) => Int16Array.from(x, (v) => Math.round(v * 32767));
  const L = toInt(left);
  const R = toInt(right);
  const enc = new Mp3Encoder(2, rate, 128);
  const out: Buffer[] = [];
  for (let i = 0; i < L.length; i += 1152) {
    const b = enc.encodeBuffer(L.subarray(i, i + 1152), R.subarray(i, i + 1152));
    if (b.length) out.push(Buffer.from(b));
  }
  out.push(Buffer.from(enc.flush()));
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.concat(out));
  return file;
}

describe('analysis of WAV files (streamed, every sample format)', { timeout: 30_000 }, () => {
  const rate = 48000;
  const x = sine(rate, 6, 1000, dbfs(-23));
  const cases: [string, 8 | 16 | 24 | 32, boolean, boolean][] = [
    ['16-bit', 16, false, false],
    ['24-bit', 24, false, false],
    ['32-bit integer', 32, false, false],
    ['32-bit float', 32, true, false],
    ['24-bit WAVE_FORMAT_EXTENSIBLE', 24, false, true],
  ];
  for (const [label, bits, float, extensible] of cases) {
    it(`${label} stereo sine at -23 dBFS -> -23.0 LUFS, peak -23 dBFS`, async () => {
      const file = writeWav(`${label}.wav`, rate, [x, x], bits, float, extensible);
      const r = await analyseStretches((await planAnalysis(file, 'wav', 6))!, analyseStretch);
      expect(r.analysis).toBe('ready');
      expect(Math.abs(r.loudnessLufs! - -23)).toBeLessThanOrEqual(0.1);
      expect(r.peakDbfs!).toBeCloseTo(-23, 1);
    });
  }

  it('8-bit mono (unsigned) -> the mono reading (-26 LUFS) within the 8-bit noise', async () => {
    const file = writeWav('8bit.wav', rate, [x], 8);
    const r = await analyseStretches((await planAnalysis(file, 'wav', 6))!, analyseStretch);
    expect(Math.abs(r.loudnessLufs! - -26)).toBeLessThanOrEqual(0.2);
  });

  it('a long WAV is metered in two halves with the same result as in one piece', async () => {
    const l = musicLike(rate, 15, 21);
    const r = musicLike(rate, 15, 22, 0.2);
    const file = writeWav('long.wav', rate, [l, r], 16);
    const tasks = (await planAnalysis(file, 'wav', 15))!;
    expect(tasks).toHaveLength(2);
    const halves = await analyseStretches(tasks, analyseStretch);
    const whole = await analyseStretches([{ ...tasks[0]!, end: tasks[1]!.end }], analyseStretch);
    expect(Math.abs(halves.loudnessLufs! - whole.loudnessLufs!)).toBeLessThanOrEqual(0.01);
    expect(halves.peakDbfs).toBeCloseTo(whole.peakDbfs!, 6);
    const diff = Math.max(...Array.from(halves.waveform!, (v, i) => Math.abs(v - whole.waveform![i]!)));
    expect(diff).toBeLessThanOrEqual(1);
  });

  it('a file that only says RIFF -> failed', async () => {
    const file = path.join(dir, 'broken.wav');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEjunk'), Buffer.alloc(100)]));
    expect((await analyseAudio(file, 'wav')).analysis).toBe('failed');
  });
});

// Decoding takes seconds on a busy machine.
describe('analysis of MP3 files', { timeout: 60_000 }, () => {
  let small = '';
  let long = '';
  beforeAll(() => {
    // lamejs encodes slowly: 8 s encoded once; the long file repeats its frames to ~2.5 MB
    // (about 2.5 minutes), long enough to be split in two.
    small = writeMp3('small.mp3', 8);
    const frames = fs.readFileSync(small);
    long = path.join(dir, 'long.mp3');
    fs.writeFileSync(long, Buffer.concat(Array.from({ length: Math.ceil((2.5 * 1024 * 1024) / frames.length) }, () => frames)));
  }, 60_000);

  it('split at a frame in two halves decoded apart -> the same figures as the file decoded whole', async () => {
    const tasks = (await planAnalysis(long, 'mp3', 160))!;
    expect(tasks).toHaveLength(2);
    expect(tasks[1]!.start).toBeGreaterThan(0);
    const halves = await analyseStretches(tasks, analyseStretch);
    const whole = await analyseStretches([{ ...tasks[0]!, end: tasks[1]!.end }], analyseStretch);
    expect(halves.analysis).toBe('ready');
    expect(Math.abs(halves.loudnessLufs! - whole.loudnessLufs!)).toBeLessThanOrEqual(0.02);
    expect(halves.peakDbfs).toBeCloseTo(whole.peakDbfs!, 3);
    // The second half's 20 ms peak ticks sit on a grid of their own: a tick at a slice's border
    // may fall on the other side: no peak appears or goes missing beyond a neighbouring slice.
    const w = whole.waveform!;
    const h = halves.waveform!;
    const first = Math.floor(w.length / 2) - 1;
    expect(Array.from(h.subarray(0, first))).toEqual(Array.from(w.subarray(0, first)));
    const nearMax = (a: Uint8Array, i: number) => Math.max(a[i - 1] ?? 0, a[i]!, a[i + 1] ?? 0);
    for (let i = 0; i < w.length; i++) {
      expect(h[i]!).toBeLessThanOrEqual(nearMax(w, i) + 1);
      expect(w[i]!).toBeLessThanOrEqual(nearMax(h, i) + 1);
    }
  });

  it("the worker's copy-free decoding gives what mpg123-decoder's decode() gives", async () => {
    const decoder = new MPEGDecoder();
    await decoder.ready;
    const decoded = decoder.decode(fs.readFileSync(small));
    decoder.free();
    const reference = combine([
      (() => {
        const m = new StreamMeter(decoded.sampleRate, 2, { tickSeconds: 8 / (WAVEFORM_PEAKS * 10) });
        m.push(decoded.channelData, decoded.samplesDecoded);
        return m.finish();
      })(),
    ]);
    const ours = await analyseStretches((await planAnalysis(small, 'mp3', 8))!, analyseStretch);
    expect(ours.loudnessLufs!).toBeCloseTo(reference.loudnessLufs!, 6);
    expect(ours.waveform).toEqual(reference.waveform);
  });

  it('the streamed MP3 measures like its decoded samples in libebur128 (within 0.1 LU)', async () => {
    const ebur = await loadEbur128();
    const decoder = new MPEGDecoder();
    await decoder.ready;
    const decoded = decoder.decode(fs.readFileSync(small));
    decoder.free();
    const ours = await analyseStretches((await planAnalysis(small, 'mp3', 8))!, analyseStretch);
    const reference = ebur.stereo(decoded.sampleRate, decoded.channelData[0]!, decoded.channelData[1]!);
    expect(Math.abs(ours.loudnessLufs! - reference)).toBeLessThanOrEqual(0.1);
  });

  it('in the worker threads: the fixture tone.mp3 -> ready with 400 peaks; tone.m4a -> failed (no AAC decoder)', async () => {
    const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/audio');
    const mp3r = await analyseAudio(path.join(fixtures, 'tone.mp3'), 'mp3');
    expect(mp3r.analysis).toBe('ready');
    expect(mp3r.waveform).toHaveLength(WAVEFORM_PEAKS);
    expect(Math.max(...mp3r.waveform!)).toBeGreaterThan(0);
    expect(mp3r.peakDbfs!).toBeLessThanOrEqual(0.5);
    const m4a = await analyseAudio(path.join(fixtures, 'tone.m4a'), 'm4a');
    expect(m4a).toEqual({ analysis: 'failed', waveform: null, loudnessLufs: null, peakDbfs: null });
  });

  it('a file of random bytes called MP3 -> failed, without throwing', async () => {
    const file = path.join(dir, 'noise.mp3');
    fs.writeFileSync(file, Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 251)));
    expect((await analyseAudio(file, 'mp3')).analysis).toBe('failed');
  });
});
