// An audio file's waveform (the peaks the server measured at upload) as a row of bars. With
// `onSeek` it is a seek bar: a click or Left/Right/Home/End moves the player; the part already
// played is drawn in the primary colour. Without peaks it says why (not decodable, not measured).
import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Box, Text } from '@mantine/core';
import type { AudioAnalysisState } from '@tonieshelf/shared/schemas/audio';
import { formatClock } from '@tonieshelf/shared/format';
import { useFormat } from '../../i18n/use-format';
import { useWaveformTexts } from './waveform-texts';

/** Seconds a Left/Right key moves the player. */
const KEY_STEP_SECONDS = 5;

interface WaveformProps {
  analysis: AudioAnalysisState;
  /** 0..255 each; empty unless analysis is 'ready'. */
  peaks: readonly number[];
  /** The file's length in seconds (for seeking and the position read out). */
  duration: number | null;
  title: string;
  /** Where the player is, in seconds. */
  currentTime?: number;
  /** Moves the player; without it the waveform is only a picture. */
  onSeek?: (seconds: number) => void;
  height?: number;
}

export function Waveform({ analysis, peaks, duration, title, currentTime = 0, onSeek, height = 56 }: WaveformProps) {
  const texts = useWaveformTexts();
  const format = useFormat();
  const box = useRef<HTMLDivElement>(null);
  if (analysis !== 'ready' || peaks.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="waveform-missing">
        {analysis === 'failed' ? texts.failed : texts.pending}
      </Text>
    );
  }
  const length = duration && duration > 0 ? duration : 0;
  const played = length ? Math.min(1, Math.max(0, currentTime / length)) : 0;
  const seekable = Boolean(onSeek && length);
  const seekTo = (seconds: number) => onSeek?.(Math.min(length, Math.max(0, seconds)));
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!seekable || !box.current) return;
    const rect = box.current.getBoundingClientRect();
    seekTo(((event.clientX - rect.left) / rect.width) * length);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -KEY_STEP_SECONDS, ArrowDown: -KEY_STEP_SECONDS, ArrowRight: KEY_STEP_SECONDS, ArrowUp: KEY_STEP_SECONDS };
    if (event.key in moves) seekTo(currentTime + moves[event.key]!);
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(length);
    else return;
    event.preventDefault();
  };
  const bar = 100 / peaks.length;
  const svg = (
    <svg width="100%" height={height} viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {peaks.map((peak, i) => {
        // A square-root scale, so quiet passages still show.
        const h = Math.max(1, Math.sqrt(peak / 255) * height);
        const isPlayed = (i + 0.5) / peaks.length <= played;
        return (
          <rect key={i} x={i * bar} y={(height - h) / 2} width={bar * 0.8} height={h} fill={isPlayed ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-5)'} />
        );
      })}
    </svg>
  );
  if (!seekable) {
    return (
      <Box data-testid="waveform" role="img" aria-label={title}>
        {svg}
      </Box>
    );
  }
  return (
    <Box
      ref={box}
      data-testid="waveform"
      role="slider"
      tabIndex={0}
      aria-label={texts.label(title)}
      aria-valuemin={0}
      aria-valuemax={Math.round(length)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={texts.position(formatClock(currentTime), formatClock(length))}
      onClick={onClick}
      onKeyDown={onKeyDown}
      style={{ cursor: 'pointer' }}
      lang={format.language}
    >
      {svg}
    </Box>
  );
}

/** '-16.2' in the interface language (one decimal). */
function decibels(value: number, locale: string): string {
  return value.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** '-16.2 LUFS · peak -1.0 dBFS', 'Silent' or 'Not measured'. */
export function useLoudnessLabel() {
  const texts = useWaveformTexts();
  const { locale } = useFormat();
  return (file: { analysis: AudioAnalysisState; loudnessLufs: number | null; peakDbfs: number | null }): string => {
    if (file.analysis !== 'ready') return texts.unknownLoudness;
    if (file.loudnessLufs === null) return texts.silent;
    return texts.loudnessValue(decibels(file.loudnessLufs, locale), file.peakDbfs === null ? '–' : decibels(file.peakDbfs, locale));
  };
}
