// Types of wav-samples.mjs.
import type { WavFormat } from './wav-stream';

export class WavSampleReader {
  constructor(format: WavFormat);
  /** The samples of `chunk` (plus what was carried): per-channel arrays and how many samples each holds. */
  read(chunk: Buffer): { data: Float32Array[]; samples: number };
}
