// The loudness and peak meter of the upload analysis (media/analyse.ts), hand-written because it
// must meter a stream: decoded PCM arrives chunk by chunk (in worker threads) and is never held
// whole. ITU-R BS.1770-4 / EBU R128 integrated loudness:
//   - K-weighting: the high-shelf pre-filter and the RLB high-pass, both designed for the actual
//     sample rate from their analogue prototypes (as libebur128 does), run per channel;
//   - channel weights 1.0 (L, R, C), 1.41 (surrounds), 0 (LFE), in the WAV/libebur128 order;
//   - 400 ms gating blocks with 75 % overlap, built from 100 ms sub-blocks (the meter keeps one
//     number per 100 ms: the weighted, channel-summed sum of squares);
//   - absolute gate -70 LUFS, relative gate -10 LU below the absolutely gated mean; null when
//     no block passes (silence, or audio shorter than one block).
// The sample peak and the waveform come from the raw (unfiltered) samples: the highest absolute
// sample per short tick, bucketed into WAVEFORM_PEAKS bytes afterwards.
//
// Plain JavaScript (types in meter.d.mts): the worker threads of media/analyse-worker.mjs load it
// without a TypeScript loader (tsx would add ~20 MB to each worker).

/** The two stages of BS.1770's K-weighting for `rate` samples per second: [shelf, high-pass], each [b0, b1, b2, a1, a2]. */
function kWeighting(rate) {
  // Stage 1: high shelf (+4 dB above ~1.7 kHz), the head's acoustic effect.
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / rate);
  const Vh = 10 ** (G / 20);
  const Vb = Vh ** 0.4996667741545416;
  let a0 = 1 + K / Q + K * K;
  const shelf = [(Vh + (Vb * K) / Q + K * K) / a0, (2 * (K * K - Vh)) / a0, (Vh - (Vb * K) / Q + K * K) / a0, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0];
  // Stage 2: the RLB high-pass (~38 Hz).
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + K / Q + K * K;
  const highPass = [1, -2, 1, (2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0];
  return [shelf, highPass];
}
/** BS.1770's weight of each channel, in the order WAV (and libebur128) use: L R C LFE Ls Rs. */
function channelWeights(channels) {
  if (channels === 1) return [1];
  if (channels === 2) return [1, 1];
  if (channels === 4) return [1, 1, 1.41, 1.41];
  if (channels === 5) return [1, 1, 1, 1.41, 1.41];
  return Array.from({ length: channels }, (_, i) => (i < 3 ? 1 : i === 3 ? 0 : i < 6 ? 1.41 : 0));
}
/** Samples in one 100 ms sub-block (libebur128 rounds the same way). */
function subBlockSize(rate) {
  return Math.round(rate / 10);
}
/** A growable typed array that never holds more than it must. */
class Growing {
  constructor(make) {
    this.make = make;
    this.#data = make(1024);
  }
  make;
  #data;
  length = 0;
  push(v) {
    if (this.length === this.#data.length) {
      const next = this.make(this.#data.length * 2);
      next.set(this.#data);
      this.#data = next;
    }
    this.#data[this.length++] = v;
  }
  done() {
    return this.#data.slice(0, this.length);
  }
}
/**
 * Meters PCM as it arrives: `push` per-channel float samples (-1..1) as often as they come,
 * `finish` once. Memory: one number per 100 ms and one per tick.
 */
class StreamMeter {
  #rate;
  #channels;
  #weights;
  #filters;
  /** Per channel: the four state values of the two filter stages. */
  #state;
  #subSize;
  #tickSize;
  #subSum = 0;
  #subCount = 0;
  #tickMax = 0;
  #tickCount = 0;
  #maxAbs = 0;
  #samples = 0;
  #subBlocks = new Growing((n) => new Float64Array(n));
  #ticks = new Growing((n) => new Float32Array(n));
  /** Scratch: the weighted squares of one chunk, summed over channels. */
  #energy = new Float64Array(0);
  #peak = new Float32Array(0);
  constructor(rate, channels, opts = {}) {
    if (!(rate > 0) || !(channels > 0)) throw new Error('meter: the sample rate and channels must be positive');
    this.#rate = rate;
    this.#channels = channels;
    this.#weights = channelWeights(channels);
    this.#filters = kWeighting(rate);
    this.#state = new Float64Array(channels * 4);
    this.#subSize = subBlockSize(rate);
    this.#tickSize = Math.max(1, Math.round(rate * (opts.tickSeconds ?? 0.02)));
  }
  /** Meters `n` samples of each channel (`data[c]` holds at least n samples). */
  push(data, n) {
    if (n <= 0) return;
    if (this.#channels <= 2) {
      this.#pushStereo(data[0], this.#channels === 2 ? data[1] : null, n);
      return;
    }
    if (this.#energy.length < n) {
      this.#energy = new Float64Array(n);
      this.#peak = new Float32Array(n);
    }
    const energy = this.#energy;
    const peak = this.#peak;
    energy.fill(0, 0, n);
    peak.fill(0, 0, n);
    const [[b0, b1, b2, a1, a2], [c0, c1, c2, d1, d2]] = this.#filters;
    const st = this.#state;
    for (let c = 0; c < this.#channels; c++) {
      const x = data[c];
      const w = this.#weights[c];
      let s1 = st[c * 4];
      let s2 = st[c * 4 + 1];
      let t1 = st[c * 4 + 2];
      let t2 = st[c * 4 + 3];
      for (let i = 0; i < n; i++) {
        const v = x[i];
        const a = v < 0 ? -v : v;
        if (a > peak[i]) peak[i] = a;
        const y = b0 * v + s1;
        s1 = b1 * v - a1 * y + s2;
        s2 = b2 * v - a2 * y;
        const z = c0 * y + t1;
        t1 = c1 * y - d1 * z + t2;
        t2 = c2 * y - d2 * z;
        energy[i] += w * z * z;
      }
      st[c * 4] = s1;
      st[c * 4 + 1] = s2;
      st[c * 4 + 2] = t1;
      st[c * 4 + 3] = t2;
    }
    let subSum = this.#subSum;
    let subCount = this.#subCount;
    let tickMax = this.#tickMax;
    let tickCount = this.#tickCount;
    let maxAbs = this.#maxAbs;
    const subSize = this.#subSize;
    const tickSize = this.#tickSize;
    for (let i = 0; i < n; i++) {
      subSum += energy[i];
      if (++subCount === subSize) {
        this.#subBlocks.push(subSum);
        subSum = 0;
        subCount = 0;
      }
      const p = peak[i];
      if (p > tickMax) tickMax = p;
      if (++tickCount === tickSize) {
        this.#ticks.push(tickMax);
        if (tickMax > maxAbs) maxAbs = tickMax;
        tickMax = 0;
        tickCount = 0;
      }
    }
    this.#subSum = subSum;
    this.#subCount = subCount;
    this.#tickMax = tickMax;
    this.#tickCount = tickCount;
    this.#maxAbs = maxAbs;
    this.#samples += n;
  }
  /** The common case in one pass (mono or stereo, both weighted 1): no scratch arrays. */
  #pushStereo(left, right, n) {
    const [[b0, b1, b2, a1, a2], [c0, c1, c2, d1, d2]] = this.#filters;
    const st = this.#state;
    let s1 = st[0];
    let s2 = st[1];
    let t1 = st[2];
    let t2 = st[3];
    let u1 = 0;
    let u2 = 0;
    let w1 = 0;
    let w2 = 0;
    if (right) {
      u1 = st[4];
      u2 = st[5];
      w1 = st[6];
      w2 = st[7];
    }
    let subSum = this.#subSum;
    let subCount = this.#subCount;
    let tickMax = this.#tickMax;
    let tickCount = this.#tickCount;
    let maxAbs = this.#maxAbs;
    const subSize = this.#subSize;
    const tickSize = this.#tickSize;
    for (let i = 0; i < n; i++) {
      const v = left[i];
      let p = v < 0 ? -v : v;
      const y = b0 * v + s1;
      s1 = b1 * v - a1 * y + s2;
      s2 = b2 * v - a2 * y;
      const z = c0 * y + t1;
      t1 = c1 * y - d1 * z + t2;
      t2 = c2 * y - d2 * z;
      let e = z * z;
      if (right) {
        const r = right[i];
        const q = r < 0 ? -r : r;
        if (q > p) p = q;
        const yr = b0 * r + u1;
        u1 = b1 * r - a1 * yr + u2;
        u2 = b2 * r - a2 * yr;
        const zr = c0 * yr + w1;
        w1 = c1 * yr - d1 * zr + w2;
        w2 = c2 * yr - d2 * zr;
        e += zr * zr;
      }
      subSum += e;
      if (++subCount === subSize) {
        this.#subBlocks.push(subSum);
        subSum = 0;
        subCount = 0;
      }
      if (p > tickMax) tickMax = p;
      if (++tickCount === tickSize) {
        this.#ticks.push(tickMax);
        if (tickMax > maxAbs) maxAbs = tickMax;
        tickMax = 0;
        tickCount = 0;
      }
    }
    st[0] = s1;
    st[1] = s2;
    st[2] = t1;
    st[3] = t2;
    if (right) {
      st[4] = u1;
      st[5] = u2;
      st[6] = w1;
      st[7] = w2;
    }
    this.#subSum = subSum;
    this.#subCount = subCount;
    this.#tickMax = tickMax;
    this.#tickCount = tickCount;
    this.#maxAbs = maxAbs;
    this.#samples += n;
  }
  finish() {
    return {
      sampleRate: this.#rate,
      channels: this.#channels,
      samples: this.#samples,
      subBlockSize: this.#subSize,
      subBlocks: this.#subBlocks.done(),
      tailSum: this.#subSum,
      tailCount: this.#subCount,
      tickSize: this.#tickSize,
      ticks: this.#ticks.done(),
      tailTick: this.#tickCount > 0 ? this.#tickMax : -1,
      maxAbs: Math.max(this.#maxAbs, this.#tickCount > 0 ? this.#tickMax : 0),
    };
  }
}
export { StreamMeter };
