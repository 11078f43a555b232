// The loudness and peak figures of the upload analysis (media/analyse.ts), hand-written because it
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
// The meter itself (K-weighting, sub-blocks, ticks) is meter.mjs, run in the workers; this
// module gates the loudness and joins the stretches.
import { WAVEFORM_PEAKS } from '@tonieshelf/shared/values/audio';
import type { MeterResult } from './meter.mjs';

export { StreamMeter, type MeterResult } from './meter.mjs';

/** Loudness (LUFS) of a mean square. */
function lufs(meanSquare: number): number {
  return -0.691 + 10 * Math.log10(meanSquare);
}

/**
 * Integrated loudness (LUFS) from consecutive sub-blocks (sums of weighted squares and their
 * sample counts): 400 ms blocks of four sub-blocks stepping one sub-block, gated absolutely at
 * -70 LUFS and relatively at -10 LU. Null when no block passes.
 */
export function integratedLoudness(sums: ArrayLike<number>, counts: ArrayLike<number>): number | null {
  const blocks = sums.length - 3;
  if (blocks <= 0) return null;
  const energies = new Float64Array(blocks);
  const absoluteGate = 10 ** ((-70 + 0.691) / 10);
  let sum = 0;
  let n = 0;
  for (let j = 0; j < blocks; j++) {
    const e = (sums[j]! + sums[j + 1]! + sums[j + 2]! + sums[j + 3]!) / (counts[j]! + counts[j + 1]! + counts[j + 2]! + counts[j + 3]!);
    energies[j] = e;
    if (e > absoluteGate) {
      sum += e;
      n++;
    }
  }
  if (n === 0) return null;
  const relativeGate = (sum / n) * 10 ** (-10 / 10);
  const gate = Math.max(absoluteGate, relativeGate);
  sum = 0;
  n = 0;
  for (let j = 0; j < blocks; j++) {
    const e = energies[j]!;
    if (e > gate) {
      sum += e;
      n++;
    }
  }
  return n === 0 ? null : lufs(sum / n);
}

/** The final figures of an analysis. */
interface AnalysisFigures {
  /** WAVEFORM_PEAKS bytes, 0..255 (linear: round(peak * 255)). */
  waveform: Uint8Array;
  loudnessLufs: number | null;
  peakDbfs: number | null;
  /** Seconds metered. */
  seconds: number;
}

/**
 * Joins the results of consecutive stretches of one file (in order) into the file's figures:
 * each stretch's open sub-block becomes a short sub-block of its own at the seam, and its open
 * tick a tick, so every sample counts once. Peaks are bucketed by where their tick starts in
 * the file, so a seam does not shift the waveform.
 */
export function combine(parts: readonly MeterResult[], peaks = WAVEFORM_PEAKS): AnalysisFigures {
  const sums: number[] = [];
  const counts: number[] = [];
  const tickValues: number[] = [];
  const tickStarts: number[] = [];
  let maxAbs = 0;
  let samples = 0;
  let rate = 0;
  parts.forEach((p, index) => {
    rate ||= p.sampleRate;
    for (const s of p.subBlocks) {
      sums.push(s);
      counts.push(p.subBlockSize);
    }
    // A stretch's open sub-block is kept only at a seam (the last stretch's end is dropped, as
    // BS.1770 measures whole blocks).
    if (p.tailCount > 0 && index < parts.length - 1) {
      sums.push(p.tailSum);
      counts.push(p.tailCount);
    }
    p.ticks.forEach((t, k) => {
      tickValues.push(t);
      tickStarts.push(samples + k * p.tickSize);
    });
    if (p.tailTick >= 0) {
      tickValues.push(p.tailTick);
      tickStarts.push(samples + p.ticks.length * p.tickSize);
    }
    if (p.maxAbs > maxAbs) maxAbs = p.maxAbs;
    samples += p.samples;
  });
  return {
    waveform: bucketPeaks(tickValues, tickStarts, samples, peaks),
    loudnessLufs: integratedLoudness(sums, counts),
    peakDbfs: maxAbs > 0 ? 20 * Math.log10(maxAbs) : null,
    seconds: rate ? samples / rate : 0,
  };
}

/**
 * `n` peaks over `total` samples: each the highest tick that starts in its slice; a slice no
 * tick starts in (a short file) takes the tick that covers it. Linear: round(peak * 255).
 */
function bucketPeaks(values: readonly number[], starts: readonly number[], total: number, n = WAVEFORM_PEAKS): Uint8Array {
  const out = new Uint8Array(n);
  if (values.length === 0 || total <= 0) return out;
  const max = new Float64Array(n).fill(-1);
  for (let j = 0; j < values.length; j++) {
    const b = Math.min(n - 1, Math.floor((starts[j]! * n) / total));
    if (values[j]! > max[b]!) max[b] = values[j]!;
  }
  let covering = 0;
  for (let i = 0; i < n; i++) {
    if (max[i]! < 0) max[i] = covering;
    else covering = values[lastTickIn(starts, ((i + 1) * total) / n)]!;
    out[i] = Math.round(Math.min(1, max[i]!) * 255);
  }
  return out;
}

/** The index of the last tick starting before `position` (ticks are in order). */
function lastTickIn(starts: readonly number[], position: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! < position) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
