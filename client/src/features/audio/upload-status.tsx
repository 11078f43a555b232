import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatFileSize } from '@tonieshelf/shared/format';
import { REFUSAL_REASONS } from '@tonieshelf/shared/schemas/account';
import { EmailUnverifiedAlert } from '../account/email-unverified-alert';
import { AUDIO_TEXTS, AUDIO_TOASTS } from './audio-texts';
import type { UploadProgress } from './api/upload-file';

interface UploadStatusProps {
  progress: UploadProgress | null;
  busy: boolean;
  /** The server's refusal (too large, wrong type, not signed in …), or null. */
  error: string | null;
  /** The refusal's reason: EMAIL_UNVERIFIED shows the message with 'Send the link again'. */
  reason?: string | null;
  progressTestId: string;
}

/** The progress bar of real bytes sent, and the server's refusal when there is one. */
export function UploadStatus({ progress, busy, error, reason, progressTestId }: UploadStatusProps) {
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <>
      {progress ? (
        <Stack gap={4} data-testid={progressTestId}>
          <Progress value={percent} size="lg" radius="xl" animated={busy && percent < 100} aria-label="Upload progress" />
          <Text fz="xs" c="dimmed">
            {AUDIO_TEXTS.uploading(formatFileSize(progress.loaded), formatFileSize(progress.total))} ({percent}%)
          </Text>
        </Stack>
      ) : null}
      {error && reason === REFUSAL_REASONS.emailUnverified ? (
        <EmailUnverifiedAlert message={error} data-testid="upload-error" />
      ) : error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={AUDIO_TOASTS.error} data-testid="upload-error">
          {error}
        </Alert>
      ) : null}
    </>
  );
}
