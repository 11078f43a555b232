// One stretch of an audio file, decoded and metered: the task the analysis workers run (a piscina
// pool in media/analyse.ts; tests also call it directly). The bytes are streamed from the file
// with fs.createReadStream({ start, end }) and decoded chunk by chunk (MP3: mpg123-decoder, WASM;
// WAV: wav-samples.mjs); the samples go through the meter (meter.mjs) and are dropped. What
// comes back is compact: one number per 100 ms and one per short tick.
//
// Plain JavaScript (types in analyse-worker.d.mts) so that a worker thread loads it whatever
// started the process, without a TypeScript loader (tsx would add ~20 MB to each worker).
import fs from 'node:fs';
import { MPEGDecoder } from 'mpg123-decoder';
import { StreamMeter } from './meter.mjs';
import { WavSampleReader } from './wav-samples.mjs';

/** Bytes read at a time. */
const CHUNK = 64 * 1024;

/** mpg123-decoder writes each damaged frame to console.error; the task counts them instead. */
let quieted = false;
function quietDecoderErrors() {
  if (quieted) return;
  quieted = true;
  const error = console.error;
  console.error = (...args) => {
    if (typeof args[0] === 'string' && args[0].startsWith('mpg123-decoder')) return;
    error(...args);
  };
}

/**
 * Feeds `data` to the decoder and hands each decoded run of samples to `onSamples(left, right,
 * n, sampleRate)` straight from the decoder's WASM output buffer, without the copies
 * MPEGDecoder.decode makes (two per run, then a concatenation: at 50 MB of MP3 that garbage
 * alone grew the process by ~100 MB). This is decode()'s own loop (mpg123-decoder 1.0.3,
 * src/MPEGDecoder.js) using its internals; the tests compare it with decode(). The views are
 * only valid during the call. Returns how many errors the decoder reported.
 */
function decodeInto(decoder, data, onSamples) {
  const wasm = decoder._common.wasm;
  const input = decoder._input;
  const output = decoder._output;
  let errors = 0;
  for (let offset = 0; offset < data.length; ) {
    const chunk = data.subarray(offset, offset + input.len);
    offset += chunk.length;
    input.buf.set(chunk);
    let error = wasm.mpeg_decoder_feed(decoder._decoder, input.ptr, chunk.length);
    if (error === -10) continue; // MPG123_NEED_MORE
    for (;;) {
      decoder._samplesDecodedPtr.buf[0] = 0;
      error = wasm.mpeg_decoder_read(decoder._decoder, output.ptr, output.len, decoder._samplesDecodedPtr.ptr, decoder._sampleRatePtr.ptr, decoder._errorStringPtr.ptr);
      const n = decoder._samplesDecodedPtr.buf[0];
      if (n) onSamples(output.buf.subarray(0, n), output.buf.subarray(n, n * 2), n, decoder._sampleRatePtr.buf[0]);
      if (error === -11) continue; // MPG123_NEW_FORMAT
      if (error === -10) break; // MPG123_NEED_MORE
      if (error) errors++;
    }
  }
  return errors;
}

async function* bytes(file, start, end) {
  if (end <= start) return;
  yield* fs.createReadStream(file, { start, end: end - 1, highWaterMark: CHUNK });
}

async function meterMp3(task) {
  quietDecoderErrors();
  const decoder = new MPEGDecoder({ enableGapless: task.gapless });
  await decoder.ready;
  let meter = null;
  let decodeErrors = 0;
  try {
    // Frames just before the stretch fill the decoder's bit reservoir and overlap; their samples
    // belong to the stretch before, so they are dropped.
    if (task.warmup !== undefined && task.warmup < task.start) {
      for await (const chunk of bytes(task.file, task.warmup, task.start)) decodeInto(decoder, chunk, () => {});
    }
    const onSamples = (left, right, n, sampleRate) => {
      // mpg123 always gives two channels; a mono stream's second is a copy and is not metered.
      meter ??= new StreamMeter(sampleRate, task.channels, { tickSeconds: task.tickSeconds });
      meter.push(task.channels === 1 ? [left] : [left, right], n);
    };
    for await (const chunk of bytes(task.file, task.start, task.end)) decodeErrors += decodeInto(decoder, chunk, onSamples);
  } finally {
    decoder.free();
  }
  return { meter: meter ? meter.finish() : null, decodeErrors };
}

async function meterWav(task) {
  const reader = new WavSampleReader(task.format);
  const meter = new StreamMeter(task.format.sampleRate, task.format.channels, { tickSeconds: task.tickSeconds });
  for await (const chunk of bytes(task.file, task.start, task.end)) {
    const { data, samples } = reader.read(chunk);
    meter.push(data, samples);
  }
  return { meter: meter.finish(), decodeErrors: 0 };
}

/** Decodes and meters one stretch of a file. */
export default function analyseStretch(task) {
  return task.kind === 'mp3' ? meterMp3(task) : meterWav(task);
}
