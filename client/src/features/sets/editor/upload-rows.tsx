// The chosen files of a set upload, one row each: name and size, then its progress bar,
// 'Measuring…', 'Waiting' for the other uploads, 'Saving…', and its chapter number, duration and
// waveform, or its refusal.
import type { RefObject } from 'react';
import { ActionIcon, Box, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconCheck, IconFileMusic, IconUpload, IconX } from '@tabler/icons-react';
import { formatClock } from '@tonieshelf/shared/format';
import { useFormat } from '../../../i18n/use-format';
import classes from '../../../components/publishable/publishable.module.css';
import { Waveform } from '../../../components/publishable/waveform';
import { DropzoneStateIcon } from '../../../components/publishable/file-dropzone';
import { useSetEditorTexts } from './set-editor-texts';
import type { UploadRow } from './use-multi-upload';

/** MP3 or WAV, as the audio upload takes them; the server judges the bytes. */
const SET_AUDIO_ACCEPT = {
  'audio/mpeg': ['.mp3'],
  'audio/mp3': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/wave': ['.wav'],
  'audio/vnd.wave': ['.wav'],
};

interface FilesDropzoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  openRef: RefObject<(() => void) | null>;
}

/**
 * A multi-file dropzone (drag, click, or Enter/Space on it) with a visible 'Choose files'
 * button. Files the dropzone's type filter turns away are handed on too: their rows say why.
 */
export function FilesDropzone({ onFiles, disabled, openRef }: FilesDropzoneProps) {
  const texts = useSetEditorTexts();
  const onReject = (rejections: FileRejection[]) => onFiles(rejections.map((r) => r.file));
  return (
    <Stack gap="xs">
      {/* A button named by what it shows; Enter and Space open the chooser. */}
      <Dropzone
        role="button"
        openRef={openRef}
        onDrop={onFiles}
        onReject={onReject}
        accept={SET_AUDIO_ACCEPT}
        multiple
        disabled={disabled}
        className={classes.dropzone}
        inputProps={{ 'aria-label': texts.filesHeading, style: { display: 'none' } }}
        data-testid="set-files-dropzone"
        p="md"
      >
        <Group justify="center" gap="md" wrap="nowrap" mih={64} style={{ pointerEvents: 'none' }}>
          <DropzoneStateIcon idle={IconFileMusic} size={32} />
          <div style={{ minWidth: 0 }}>
            <Text fz="sm">{texts.dropFiles}</Text>
            <Text fz="xs" c="dimmed">
              {texts.dropFilesHint}
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Button variant="default" w="fit-content" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => openRef.current?.()} disabled={disabled}>
        {texts.chooseFiles}
      </Button>
    </Stack>
  );
}

function RowStatus({ row }: { row: UploadRow }) {
  const texts = useSetEditorTexts();
  const format = useFormat();
  switch (row.phase) {
    case 'chosen':
      return null;
    case 'queued':
      return (
        <Text fz="xs" c="dimmed">
          {texts.queued}
        </Text>
      );
    case 'uploading':
      return (
        <Stack gap={2}>
          <Progress value={row.percent} size="md" radius="xl" animated aria-label={texts.uploadProgress(row.name)} />
          <Text fz="xs" c="dimmed">
            {texts.uploading(row.percent)}
          </Text>
        </Stack>
      );
    case 'measuring':
    case 'waiting':
    case 'saving':
      return (
        <Stack gap={2}>
          <Progress value={100} size="md" radius="xl" aria-label={texts.uploadProgress(row.name)} />
          <Group gap={6}>
            <Loader size={12} />
            <Text fz="xs" c="dimmed">
              {row.phase === 'measuring' ? texts.measuring : row.phase === 'saving' ? texts.saving : texts.queued}
            </Text>
          </Group>
        </Stack>
      );
    case 'added':
      return (
        <Stack gap={4}>
          <Group gap={6}>
            <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text fz="xs" data-testid="upload-row-done">
              {texts.added(row.position ?? 0, formatClock(row.duration))}
              {row.duration !== null ? <Text span c="dimmed" fz="xs">{` (${format.duration(row.duration)})`}</Text> : null}
            </Text>
          </Group>
          {row.analysis ? <Waveform analysis={row.analysis} peaks={row.waveform} duration={row.duration} title={row.name} height={32} /> : null}
        </Stack>
      );
    case 'failed':
      return (
        <Group gap={6} wrap="nowrap" align="flex-start" role="alert">
          <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text fz="xs" c="red" data-testid="upload-row-error" className={classes.wrap}>
            {row.error}
            {row.keptAsDraft ? ` ${texts.keptAsDraft}` : ''}
          </Text>
        </Group>
      );
  }
}

/** The rows of the chosen files; chosen and refused ones can be taken off the list. */
export function UploadRows({ rows, onRemove }: { rows: readonly UploadRow[]; onRemove?: (key: string) => void }) {
  const texts = useSetEditorTexts();
  const format = useFormat();
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" aria-label={texts.uploadsLabel} p={0} m={0} style={{ listStyle: 'none' }} data-testid="upload-rows">
      {rows.map((row) => (
        <Paper component="li" key={row.key} withBorder p="sm" radius="md" data-testid="upload-row" data-phase={row.phase} data-name={row.name}>
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Box style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6} wrap="nowrap">
                <Text fz="sm" fw={600} className={classes.wrap}>
                  {row.name}
                </Text>
                <Text fz="xs" c="dimmed" style={{ flex: 'none' }}>
                  {format.fileSize(row.size)}
                </Text>
              </Group>
              <Box mt={4}>
                <RowStatus row={row} />
              </Box>
            </Box>
            {onRemove && (row.phase === 'chosen' || (row.phase === 'failed' && row.audioFileId === null)) ? (
              <ActionIcon variant="subtle" color="gray" aria-label={texts.removeChosen(row.name)} onClick={() => onRemove(row.key)}>
                <IconX size={16} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
