// Types of meter.mjs (the streaming loudness and peak meter).

/** Transposed direct form II biquad: b0 b1 b2 a1 a2 (a0 = 1). */

/** What one stretch of audio measured: everything the loudness and the waveform need, compactly. */
export interface MeterResult {
  sampleRate: number;
  channels: number;
  /** Samples (per channel) metered. */
  samples: number;
  subBlockSize: number;
  /** Per whole 100 ms sub-block: the sum over its samples of the weighted, K-filtered squares of all channels. */
  subBlocks: Float64Array;
  /** The sub-block still open at the end: its sum and its sample count (< subBlockSize). */
  tailSum: number;
  tailCount: number;
  tickSize: number;
  /** Per whole tick: the highest absolute raw sample of any channel. */
  ticks: Float32Array;
  /** The open tick at the end (its highest sample; -1 when it is empty). */
  tailTick: number;
  /** The highest absolute raw sample. */
  maxAbs: number;
}

export class StreamMeter {
  constructor(rate: number, channels: number, opts?: { tickSeconds?: number });
  /** Meters `n` samples of each channel (`data[c]` holds at least n samples). */
  push(data: readonly Float32Array[], n: number): void;
  finish(): MeterResult;
}
