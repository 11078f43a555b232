import type { ReactNode } from 'react';
import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import { useFormat } from '../../i18n/use-format';
import { useAudioTexts } from './audio-texts';
import type { UploadProgress } from '../../lib/upload-file';

/**
 * Where publishing was refused because the account's address is not verified: the page's alert
 * (the account's, with 'Send the link again'), given the refusal's message, a close and a test id.
 */
export type UnverifiedRefusal = (props: { message?: string | null; onClose?: () => void; 'data-testid': string }) => ReactNode;

interface UploadStatusProps {
  progress: UploadProgress | null;
  busy: boolean;
  /** The server's refusal (too large, wrong type, not signed in …), or null. */
  error: string | null;
  /** The refusal's reason: EMAIL_UNVERIFIED shows `unverifiedRefusal` (with 'Send the link again'). */
  reason?: string | null;
  unverifiedRefusal?: UnverifiedRefusal;
  progressTestId: string;
}

/** The progress bar of real bytes sent, and the server's refusal when there is one. */
export function UploadStatus({ progress, busy, error, reason, unverifiedRefusal, progressTestId }: UploadStatusProps) {
  const texts = useAudioTexts();
  const format = useFormat();
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <>
      {progress ? (
        <Stack gap={4} data-testid={progressTestId}>
          <Progress value={percent} size="lg" radius="xl" animated={busy && percent < 100} aria-label={texts.uploadProgress} />
          <Text fz="xs" c="dimmed">
            {texts.uploading(format.fileSize(progress.loaded), format.fileSize(progress.total))} ({percent}%)
          </Text>
        </Stack>
      ) : null}
      {error && reason === REFUSAL_REASONS.emailUnverified && unverifiedRefusal ? (
        unverifiedRefusal({ message: error, 'data-testid': 'upload-error' })
      ) : error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={texts.toasts.error} data-testid="upload-error" role="alert">
          {error}
        </Alert>
      ) : null}
    </>
  );
}
