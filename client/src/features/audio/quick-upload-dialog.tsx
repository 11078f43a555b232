import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconFileMusic, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { QUICK_UPLOAD_MAX_BYTES, TITLE_MIN_LENGTH } from '@tonieshelf/shared/constants';
import { AUDIO_DESCRIPTION_MAX, AUDIO_SCRIPT_MAX, AUDIO_TITLE_MAX } from '@tonieshelf/shared/schemas/audio';
import { authPathWithNext } from '../auth/next-path';
import { useCurrentUser } from '../auth/use-current-user';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { UploadStatus } from './upload-status';
import { AUDIO_TEXTS, AUDIO_TOASTS, AUDIO_VALIDATION } from './audio-texts';
import { ConfirmDialog } from './confirm-dialog';
import { parseTagList } from './audio-format';
import { UploadError, uploadAudio } from './upload-file';
import { useRefreshAudioLists } from './use-audio-actions';

/** MP3, WAV or M4A (SPEC §5); the server judges the bytes. */
const QUICK_ACCEPT = 'audio/mpeg,audio/mp3,audio/wav,audio/x-wav,audio/wave,audio/mp4,audio/x-m4a,audio/m4a,.mp3,.wav,.m4a';

interface QuickUploadDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The quick upload dialog of the older audio page (SPEC §2, §5): signed-out visitors are asked
 * to log in; otherwise title, description, comma-separated tags, script and the file, which is
 * really uploaded (with its progress) before the record is created.
 */
export function QuickUploadDialog({ opened, onClose }: QuickUploadDialogProps) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();

  if (!user) {
    return (
      <ConfirmDialog
        opened={opened}
        title={AUDIO_TEXTS.loginRequired}
        confirmLabel={AUDIO_TEXTS.logIn}
        onCancel={onClose}
        onConfirm={() => {
          onClose();
          navigate(authPathWithNext(`${location.pathname}${location.search}`));
        }}
      >
        {AUDIO_TEXTS.quickLoginText}
      </ConfirmDialog>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>{AUDIO_TEXTS.quickTitle}</Text>} radius="lg" size="lg" centered>
      {opened ? <QuickUploadForm onDone={onClose} /> : null}
    </Modal>
  );
}

function QuickUploadForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshAudioLists();
  const create = useMutation(trpc.audio.create.mutationOptions());
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [script, setScript] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const next: typeof errors = {};
    if (title.trim().length < TITLE_MIN_LENGTH) next.title = AUDIO_VALIDATION.titleMin;
    if (!file) next.file = AUDIO_VALIDATION.fileRequired;
    else if (file.size > QUICK_UPLOAD_MAX_BYTES) next.file = 'The file is too large: quick uploads can be at most 20 MB.';
    setErrors(next);
    if (next.title || next.file || !file) return;

    setBusy(true);
    setServerError(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      const uploaded = await uploadAudio(file, 'quick', {
        onProgress: ({ loaded }) => setProgress({ loaded: Math.min(loaded, file.size), total: file.size }),
      });
      setProgress({ loaded: file.size, total: file.size });
      await create.mutateAsync({
        title: title.trim(),
        description: description.trim() || null,
        scriptText: script.trim() || null,
        tags: parseTagList(tags),
        filePath: uploaded.filePath,
      });
      toast({ title: AUDIO_TOASTS.created, message: `"${title.trim()}" was saved as a draft in My Uploads.`, variant: 'success' });
      void refresh();
      onDone();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setServerError(message);
      const refusal = error instanceof UploadError && [401, 413, 415].includes(error.status);
      toast({ title: AUDIO_TOASTS.error, message: refusal ? message : AUDIO_TOASTS.uploadFailed, variant: 'destructive' });
      setProgress(null);
    } finally {
      setBusy(false);
    }
  };


  return (
    <form
      noValidate
      aria-label={AUDIO_TEXTS.quickTitle}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={AUDIO_TEXTS.title}
          required
          value={title}
          maxLength={AUDIO_TITLE_MAX}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          disabled={busy}
          data-autofocus
        />
        <Textarea
          label={AUDIO_TEXTS.description}
          value={description}
          maxLength={AUDIO_DESCRIPTION_MAX}
          autosize
          minRows={2}
          maxRows={5}
          onChange={(e) => setDescription(e.currentTarget.value)}
          disabled={busy}
        />
        <TextInput
          label={AUDIO_TEXTS.quickTagsLabel}
          description={AUDIO_TEXTS.quickTagsHint}
          placeholder={AUDIO_TEXTS.quickTagsPlaceholder}
          value={tags}
          onChange={(e) => setTags(e.currentTarget.value)}
          disabled={busy}
        />
        <Textarea
          label={AUDIO_TEXTS.quickScript}
          value={script}
          maxLength={AUDIO_SCRIPT_MAX}
          autosize
          minRows={2}
          maxRows={6}
          onChange={(e) => setScript(e.currentTarget.value)}
          disabled={busy}
        />
        <FileInput
          label={AUDIO_TEXTS.quickFile}
          description={AUDIO_TEXTS.quickFileHint}
          placeholder={AUDIO_TEXTS.quickFilePlaceholder}
          accept={QUICK_ACCEPT}
          value={file}
          onChange={(value) => {
            setFile(value);
            setErrors((e) => ({ ...e, file: undefined }));
          }}
          leftSection={<IconFileMusic size={16} aria-hidden />}
          clearable
          required
          error={errors.file}
          disabled={busy}
        />
        <UploadStatus progress={progress} busy={busy} error={serverError} progressTestId="quick-upload-progress" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={busy}>
            {AUDIO_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
            {AUDIO_TEXTS.upload}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
