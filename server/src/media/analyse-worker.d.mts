// Types of analyse-worker.mjs (the task the analysis workers run).
import type { MeterResult } from './meter.mjs';
import type { WavFormat } from './wav-stream';

export type AnalyseTask =
  | {
      kind: 'mp3';
      file: string;
      /** First byte of the stretch (a frame start, or 0 for the file's start). */
      start: number;
      /** One past its last byte. */
      end: number;
      /** Decode from here first and drop what it gives: frames before `start` that warm the decoder up. */
      warmup?: number;
      /** The stream's channels (mpg123 always gives two; a mono stream's second is a copy). */
      channels: 1 | 2;
      /** Trim the encoder's delay (only for the stretch that starts the file). */
      gapless: boolean;
      /** Seconds per peak tick. */
      tickSeconds: number;
    }
  | { kind: 'wav'; file: string; start: number; end: number; format: WavFormat; tickSeconds: number };

export interface AnalyseTaskResult {
  meter: MeterResult | null;
  /** Frames the decoder reported errors for (a damaged stream). */
  decodeErrors: number;
}

/** Decodes and meters one stretch of a file. */
export default function analyseStretch(task: AnalyseTask): Promise<AnalyseTaskResult>;
