import { useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconLock, IconLogin2, IconPlayerPauseFilled, IconPlayerPlayFilled, IconVolume } from '@tabler/icons-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatClock } from '@tonieshelf/shared/format';
import type { SetChapter } from '@tonieshelf/shared/schemas/set';
import { useTRPC } from '../../lib/trpc';
import { authPathWithNext } from '../../lib/next-path';
import classes from '../../components/publishable/publishable.module.css';
import { authorName } from '../../components/publishable/item-format';
import { useLoudnessLabel, Waveform } from '../../components/publishable/waveform';
import { HiddenByModerators } from '../../components/hidden-by-moderators';
import { useWaveformTexts } from '../../components/publishable/waveform-texts';
import { useSetsTexts } from './sets-texts';

interface SetChaptersProps {
  chapters: SetChapter[];
  /** Signed in: chapters can be played (anonymous viewers get no file URLs). */
  signedIn: boolean;
  /** Where to come back to after signing in. */
  here: string;
}

/** Starts playing; a browser that refuses (autoplay rules) leaves the player paused. */
function start(audio: HTMLAudioElement) {
  const played = audio.play() as Promise<void> | undefined;
  played?.catch(() => undefined);
}

/**
 * The set's chapters in order (position, title, author, duration, loudness with a hint when a
 * chapter is much quieter or louder than the rest; for the owner, chapters others do not get are
 * marked, a hidden one with 'Why?' to the decision) and, signed in, one player for the page: a
 * play button per chapter, the next chapter plays when one ends, and the playing chapter's
 * waveform is the seek bar.
 */
export function SetChapters({ chapters, signedIn, here }: SetChaptersProps) {
  const texts = useSetsTexts();
  const waveTexts = useWaveformTexts();
  const loudness = useLoudnessLabel();
  const trpc = useTRPC();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const current = chapters.find((c) => c.audioFileId === currentId) ?? null;
  const playable = chapters.filter((c) => c.available && c.fileUrl);
  const waveform = useQuery({ ...trpc.audio.waveform.queryOptions(current ? { id: current.audioFileId } : skipToken), staleTime: Infinity });

  const load = (chapter: SetChapter) => {
    const audio = audioRef.current;
    if (!audio || !chapter.fileUrl) return;
    setCurrentId(chapter.audioFileId);
    setTime(0);
    audio.src = chapter.fileUrl;
    start(audio);
  };

  const toggle = (chapter: SetChapter) => {
    const audio = audioRef.current;
    if (!audio) return;
    if (chapter.audioFileId !== currentId) load(chapter);
    else if (audio.paused) start(audio);
    else audio.pause();
  };

  const playNext = () => {
    const index = playable.findIndex((c) => c.audioFileId === currentId);
    const next = index >= 0 ? playable[index + 1] : undefined;
    if (next) load(next);
    else setPlaying(false);
  };

  return (
    <Stack gap="md">
      {signedIn ? null : (
        <Alert variant="light" color="blue" icon={<IconLock size={20} aria-hidden />} title={texts.loginRequired} data-testid="set-login-to-play">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{texts.loginToPlay}</Text>
            <Button component={Link} to={authPathWithNext(here)} size="xs" leftSection={<IconLogin2 size={14} aria-hidden />}>
              {texts.goToLogin}
            </Button>
          </Stack>
        </Alert>
      )}

      {/* One player for the page; shown once a chapter is chosen. */}
      <Paper withBorder p="md" radius="md" bg="var(--tonieshelf-surface)" hidden={!current} data-testid="set-player">
        <Stack gap="sm">
          {current ? (
            <Group gap="xs" wrap="nowrap" align="baseline">
              <IconVolume size={16} aria-hidden style={{ flex: 'none', alignSelf: 'center' }} />
              <Text fz="sm" fw={600} className={classes.wrap} data-testid="set-now-playing">
                {texts.nowPlaying}: {current.title}
              </Text>
              <Text fz="xs" c="dimmed" style={{ flex: 'none' }} ml="auto">
                {texts.chapterOf(current.position, chapters.length)}
              </Text>
            </Group>
          ) : null}
          {current ? (
            <Waveform
              analysis={waveform.data?.analysis ?? current.analysis}
              peaks={waveform.data?.peaks ?? []}
              duration={current.duration}
              title={current.title}
              currentTime={time}
              onSeek={(seconds) => {
                const audio = audioRef.current;
                if (!audio) return;
                audio.currentTime = seconds;
                setTime(seconds);
              }}
            />
          ) : null}
          <audio
            ref={audioRef}
            controls
            preload="none"
            className={classes.player}
            data-testid="set-audio"
            aria-label={current ? `${texts.nowPlaying}: ${current.title}` : texts.nowPlaying}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
            onEnded={playNext}
          >
            {texts.noAudioSupport}
          </audio>
        </Stack>
      </Paper>

      {chapters.length === 0 ? (
        <Text c="dimmed">{texts.noChapters}</Text>
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={texts.chapterList} data-testid="set-chapters">
          {chapters.map((chapter) => {
            const isCurrent = chapter.audioFileId === currentId;
            const canPlay = signedIn && chapter.available && chapter.fileUrl !== null;
            const author = authorName(chapter.userProfile);
            return (
              <Box
                component="li"
                key={chapter.audioFileId}
                py="sm"
                px={{ base: 0, sm: 'xs' }}
                style={{
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                  background: isCurrent ? 'var(--mantine-primary-color-light)' : undefined,
                  borderRadius: isCurrent ? 'var(--mantine-radius-sm)' : undefined,
                }}
                data-testid="set-chapter"
                data-current={isCurrent || undefined}
                data-audio-id={chapter.audioFileId}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Text fz="sm" c="dimmed" w={24} ta="right" pt={6} style={{ flex: 'none' }} data-testid="chapter-position">
                    {chapter.position}
                  </Text>
                  {signedIn ? (
                    <ActionIcon
                      variant={isCurrent ? 'filled' : 'light'}
                      size="lg"
                      radius="xl"
                      disabled={!canPlay}
                      aria-label={isCurrent && playing ? texts.pause(chapter.title) : texts.play(chapter.title)}
                      aria-pressed={isCurrent && playing}
                      onClick={() => toggle(chapter)}
                      style={{ flex: 'none' }}
                    >
                      {isCurrent && playing ? <IconPlayerPauseFilled size={16} aria-hidden /> : <IconPlayerPlayFilled size={16} aria-hidden />}
                    </ActionIcon>
                  ) : null}
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} className={classes.wrap} c={chapter.available ? undefined : 'dimmed'} data-testid="chapter-title">
                        {chapter.title}
                      </Text>
                      {chapter.hiddenByModerators ? (
                        <HiddenByModerators decisionId={chapter.decisionId} size="sm" />
                      ) : chapter.available ? null : (
                        <Badge color="gray" variant="outline" size="sm" tt="none" leftSection={<IconEyeOff size={12} aria-hidden />} data-testid="chapter-unavailable">
                          {texts.unavailable}
                        </Badge>
                      )}
                    </Group>
                    {chapter.available ? null : (
                      <Text fz="xs" c="dimmed">
                        {chapter.hiddenByModerators ? texts.hiddenHint : texts.unavailableHint}
                      </Text>
                    )}
                    <Text fz="sm" c="dimmed" className={classes.wrap}>
                      {author}
                    </Text>
                    <Group gap="xs" wrap="wrap">
                      <Text fz="xs" c="dimmed" data-testid="chapter-loudness">
                        {waveTexts.loudness}: {loudness(chapter)}
                      </Text>
                      {chapter.loudnessHint ? (
                        <Badge color="orange" variant="light" size="sm" tt="none" data-testid="chapter-loudness-hint">
                          {chapter.loudnessHint === 'quieter' ? waveTexts.quieter : waveTexts.louder}
                        </Badge>
                      ) : null}
                    </Group>
                  </Stack>
                  <Text fz="sm" fw={500} pt={6} style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }} data-testid="chapter-duration">
                    {formatClock(chapter.duration)}
                  </Text>
                </Group>
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
