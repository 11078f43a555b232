import { useEffect, useRef, useState } from 'react';
import { Button, Group, Image, Paper, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { FileRejection, FileWithPath } from '@mantine/dropzone';
import { IconFileMusic, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { COVER_MAX_BYTES, TAG_LIST_CACHE_MS, TITLE_MIN_LENGTH, UPLOAD_AUDIO_MAX_BYTES } from '@tonieshelf/shared/constants';
import { formatFileSize } from '@tonieshelf/shared/format';
import { AUDIO_DESCRIPTION_MAX, AUDIO_SCRIPT_MAX, AUDIO_TITLE_MAX } from '@tonieshelf/shared/schemas/audio';
import type { AudioFile, AudioStatus } from '@tonieshelf/shared/schemas/audio';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import classes from './audio.module.css';
import { UploadStatus } from './upload-status';
import { AUDIO_TEXTS, AUDIO_TOASTS, AUDIO_VALIDATION } from './audio-texts';
import { TagInput } from './tag-input';
import { UploadError, uploadAudio, uploadCover } from './upload-file';
import { useRefreshAudioLists } from './use-audio-actions';

/** MP3 or WAV for the upload page (SPEC §5); the server judges the bytes. */
export const AUDIO_ACCEPT = {
  'audio/mpeg': ['.mp3'],
  'audio/mp3': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/wave': ['.wav'],
  'audio/vnd.wave': ['.wav'],
};
export const COVER_ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

const MB_LIMIT = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

interface FormValues {
  title: string;
  description: string;
  scriptText: string;
  tags: string[];
  status: AudioStatus;
}

const EMPTY: FormValues = { title: '', description: '', scriptText: '', tags: [], status: 'draft' };

function valuesOf(file: AudioFile): FormValues {
  return {
    title: file.title,
    description: file.description ?? '',
    scriptText: file.scriptText ?? '',
    tags: file.tags,
    status: file.status,
  };
}

interface AudioUploadFormProps {
  /** The file being edited, or null for a new upload. */
  editing: AudioFile | null;
  /** Back to a new-upload form (Cancel, or after saving). */
  onDone: () => void;
}

/** A cover picked in the form, shown as a data: URL (the page's CSP allows data: images). */
function useDataUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}

/**
 * (Keyed by the edited file's id: a new row to edit starts the form over.)
 *
 * The 'Upload New Audio' / 'Edit Audio' form (SPEC §2, §5): title, description, script, tags,
 * status, the audio file (drag and drop, MP3 or WAV; required for a new upload) and an optional
 * JPG or PNG cover. Files go to the upload routes with a progress bar of the real bytes sent;
 * then the record is created or updated. Every refusal of the server is shown with its message.
 */
export function AudioUploadForm({ editing, onDone }: AudioUploadFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshAudioLists();
  const [values, setValues] = useState<FormValues>(editing ? valuesOf(editing) : EMPTY);
  const [audioFile, setAudioFile] = useState<File | null>(null);
  const [coverFile, setCoverFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string; cover?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const coverPreview = useDataUrl(coverFile);
  const titleRef = useRef<HTMLInputElement>(null);
  const audioDropRef = useRef<HTMLDivElement>(null);
  const knownTags = useQuery({ ...trpc.tag.audioTags.queryOptions(), staleTime: TAG_LIST_CACHE_MS });
  const create = useMutation(trpc.audio.create.mutationOptions());
  const update = useMutation(trpc.audio.update.mutationOptions());


  const reset = () => {
    setValues(EMPTY);
    setAudioFile(null);
    setCoverFile(null);
    setErrors({});
    setServerError(null);
    setProgress(null);
  };

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const onAudioDrop = (files: FileWithPath[]) => {
    const file = files[0];
    if (!file) return;
    if (file.size > UPLOAD_AUDIO_MAX_BYTES) {
      setErrors((e) => ({ ...e, file: `The file is too large: audio files can be at most ${MB_LIMIT(UPLOAD_AUDIO_MAX_BYTES)}.` }));
      return;
    }
    setAudioFile(file);
    setErrors((e) => ({ ...e, file: undefined }));
    setServerError(null);
  };
  const onAudioReject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    if (tooLarge) {
      setErrors((e) => ({ ...e, file: `The file is too large: audio files can be at most ${MB_LIMIT(UPLOAD_AUDIO_MAX_BYTES)}.` }));
      return;
    }
    toast({ title: AUDIO_VALIDATION.invalidFileType, message: AUDIO_VALIDATION.audioTypes, variant: 'destructive' });
    setErrors((e) => ({ ...e, file: AUDIO_VALIDATION.audioTypes }));
  };
  const onCoverDrop = (files: FileWithPath[]) => {
    const file = files[0];
    if (!file) return;
    if (file.size > COVER_MAX_BYTES) {
      setErrors((e) => ({ ...e, cover: `The image is too large: covers can be at most ${MB_LIMIT(COVER_MAX_BYTES)}.` }));
      return;
    }
    setCoverFile(file);
    setErrors((e) => ({ ...e, cover: undefined }));
  };
  const onCoverReject = () => {
    toast({ title: AUDIO_VALIDATION.invalidFileType, message: AUDIO_VALIDATION.coverTypes, variant: 'destructive' });
    setErrors((e) => ({ ...e, cover: AUDIO_VALIDATION.coverTypes }));
  };

  const submit = async () => {
    const nextErrors: typeof errors = {};
    if (values.title.trim().length < TITLE_MIN_LENGTH) nextErrors.title = AUDIO_VALIDATION.titleMin;
    if (!editing && !audioFile) nextErrors.file = AUDIO_VALIDATION.fileRequired;
    setErrors((e) => ({ ...e, ...nextErrors, title: nextErrors.title, file: nextErrors.file ?? e.file }));
    if (nextErrors.title) titleRef.current?.focus();
    else if (nextErrors.file) audioDropRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    if (nextErrors.title || nextErrors.file) return;

    setBusy(true);
    setServerError(null);
    const totalBytes = (audioFile?.size ?? 0) + (coverFile?.size ?? 0);
    try {
      let filePath: string | undefined;
      let coverPath: string | undefined;
      let coverProblem: string | null = null;
      let sentBefore = 0;
      if (audioFile) {
        setProgress({ loaded: 0, total: totalBytes });
        const uploaded = await uploadAudio(audioFile, 'upload', {
          onProgress: ({ loaded, total }) => setProgress({ loaded: Math.min(loaded, total, audioFile.size), total: totalBytes }),
        });
        filePath = uploaded.filePath;
        sentBefore = audioFile.size;
      }
      if (coverFile) {
        setProgress({ loaded: sentBefore, total: totalBytes });
        try {
          const uploaded = await uploadCover(coverFile, {
            onProgress: ({ loaded }) => setProgress({ loaded: Math.min(sentBefore + loaded, totalBytes), total: totalBytes }),
          });
          coverPath = uploaded.filePath;
        } catch (error) {
          // SPEC §7: a cover failure does not fail the audio; it is said, though.
          coverProblem = error instanceof Error ? error.message : String(error);
        }
      }
      if (totalBytes > 0) setProgress({ loaded: totalBytes, total: totalBytes });

      const fields = {
        title: values.title.trim(),
        description: values.description.trim() || null,
        scriptText: values.scriptText.trim() || null,
        tags: values.tags,
        status: values.status,
        ...(coverPath ? { coverPath } : {}),
      };
      if (editing) {
        try {
          await update.mutateAsync({ id: editing.id, ...fields, ...(filePath ? { filePath } : {}) });
        } catch (error) {
          setServerError(error instanceof Error ? error.message : String(error));
          toast({ title: AUDIO_TOASTS.error, message: AUDIO_TOASTS.updateFailed, variant: 'destructive' });
          return;
        }
        toast(
          coverProblem
            ? { title: AUDIO_TOASTS.updated, message: `The cover image was not saved: ${coverProblem}`, variant: 'warning' }
            : { title: AUDIO_TOASTS.updated, message: fields.title, variant: 'success' },
        );
      } else {
        if (!filePath) return;
        await create.mutateAsync({ ...fields, filePath });
        toast(
          coverProblem
            ? { title: AUDIO_TOASTS.uploaded, message: `The cover image was not saved: ${coverProblem}`, variant: 'warning' }
            : { title: AUDIO_TOASTS.uploaded, message: fields.title, variant: 'success' },
        );
      }
      void refresh();
      // Back to an empty new-upload form.
      if (editing) onDone();
      else reset();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setServerError(message);
      // A refusal with a reason (too large, wrong type, not signed in) says that reason.
      const refusal = error instanceof UploadError && [401, 413, 415].includes(error.status);
      toast({ title: AUDIO_TOASTS.error, message: refusal ? message : editing ? AUDIO_TOASTS.updateFailed : AUDIO_TOASTS.uploadFailed, variant: 'destructive' });
      setProgress(null);
    } finally {
      setBusy(false);
    }
  };


  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--tonieshelf-surface)" data-testid="audio-upload-form">
      <Title order={2} fz="h3" mb="md">
        {editing ? AUDIO_TEXTS.editAudio : AUDIO_TEXTS.uploadNew}
      </Title>
      <form
        noValidate
        aria-label={editing ? AUDIO_TEXTS.editAudio : AUDIO_TEXTS.uploadNew}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            ref={titleRef}
            label={AUDIO_TEXTS.title}
            required
            value={values.title}
            maxLength={AUDIO_TITLE_MAX}
            onChange={(event) => {
              set('title', event.currentTarget.value);
              if (errors.title) setErrors((e) => ({ ...e, title: undefined }));
            }}
            error={errors.title}
            disabled={busy}
          />
          <Textarea
            label={AUDIO_TEXTS.description}
            value={values.description}
            maxLength={AUDIO_DESCRIPTION_MAX}
            autosize
            minRows={2}
            maxRows={6}
            onChange={(event) => set('description', event.currentTarget.value)}
            disabled={busy}
          />
          <Textarea
            label={AUDIO_TEXTS.scriptText}
            value={values.scriptText}
            maxLength={AUDIO_SCRIPT_MAX}
            autosize
            minRows={3}
            maxRows={10}
            onChange={(event) => set('scriptText', event.currentTarget.value)}
            disabled={busy}
          />
          <TagInput value={values.tags} onChange={(tags) => set('tags', tags)} suggestions={knownTags.data?.tags ?? []} disabled={busy} />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="audio-status-label">
              {AUDIO_TEXTS.status}
            </Text>
            <SegmentedControl
              aria-labelledby="audio-status-label"
              value={values.status}
              onChange={(value) => set('status', value === 'published' ? 'published' : 'draft')}
              data={[
                { value: 'draft', label: AUDIO_TEXTS.statusDraft },
                { value: 'published', label: AUDIO_TEXTS.statusPublished },
              ]}
              disabled={busy}
              w="fit-content"
            />
          </Stack>

          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {AUDIO_TEXTS.audioFile}
              {editing ? null : (
                <Text span c="red">
                  {' '}
                  *
                </Text>
              )}
            </Text>
            <Dropzone
              ref={audioDropRef}
              onDrop={onAudioDrop}
              onReject={onAudioReject}
              accept={AUDIO_ACCEPT}
              multiple={false}
              disabled={busy}
              className={classes.dropzone}
              inputProps={{ 'aria-label': AUDIO_TEXTS.audioFile }}
              data-testid="audio-dropzone"
              p="md"
            >
              <Group justify="center" gap="md" wrap="nowrap" mih={72} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={36} color="var(--mantine-color-blue-6)" aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={36} color="var(--mantine-color-red-6)" aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileMusic size={36} color="var(--mantine-color-dimmed)" aria-hidden />
                </Dropzone.Idle>
                <div style={{ minWidth: 0 }}>
                  {audioFile ? (
                    <>
                      <Text fz="sm" fw={600} className={classes.wrap} data-testid="chosen-audio">
                        {audioFile.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {formatFileSize(audioFile.size)}
                      </Text>
                    </>
                  ) : (
                    <>
                      <Text fz="sm">{AUDIO_TEXTS.dropAudio}</Text>
                      <Text fz="xs" c="dimmed">
                        {editing ? `${AUDIO_TEXTS.dropAudioHint}. ${AUDIO_TEXTS.keepExisting} (${editing.fileName}).` : AUDIO_TEXTS.dropAudioHint}
                      </Text>
                    </>
                  )}
                </div>
              </Group>
            </Dropzone>
            {errors.file ? (
              <Text fz="xs" c="red" role="alert" data-testid="audio-file-error">
                {errors.file}
              </Text>
            ) : null}
          </Stack>

          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {AUDIO_TEXTS.coverImage}
            </Text>
            <Group gap="md" align="stretch" wrap="nowrap">
              {coverPreview || editing?.coverImage ? (
                <Image src={coverPreview ?? editing?.coverImage} alt="" w={72} h={72} radius="md" fit="cover" style={{ flex: 'none' }} />
              ) : null}
              <Dropzone
                onDrop={onCoverDrop}
                onReject={onCoverReject}
                accept={COVER_ACCEPT}
                multiple={false}
                disabled={busy}
                className={classes.dropzone}
                inputProps={{ 'aria-label': AUDIO_TEXTS.coverImage }}
                data-testid="cover-dropzone"
                p="sm"
                style={{ flex: 1, minWidth: 0 }}
              >
                <Group gap="sm" wrap="nowrap" mih={48} style={{ pointerEvents: 'none' }}>
                  <IconPhoto size={28} color="var(--mantine-color-dimmed)" aria-hidden />
                  <div style={{ minWidth: 0 }}>
                    <Text fz="sm" className={classes.wrap} data-testid="chosen-cover">
                      {coverFile ? coverFile.name : AUDIO_TEXTS.dropCover}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {coverFile ? formatFileSize(coverFile.size) : AUDIO_TEXTS.dropCoverHint}
                    </Text>
                  </div>
                </Group>
              </Dropzone>
            </Group>
            {coverFile ? (
              <Button variant="subtle" size="compact-xs" color="gray" w="fit-content" onClick={() => setCoverFile(null)} disabled={busy}>
                {AUDIO_TEXTS.removeFile}
              </Button>
            ) : null}
            {errors.cover ? (
              <Text fz="xs" c="red" role="alert">
                {errors.cover}
              </Text>
            ) : null}
          </Stack>

          <UploadStatus progress={progress} busy={busy} error={serverError} progressTestId="upload-progress" />

          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                if (editing) onDone();
                else reset();
              }}
              disabled={busy}
            >
              {AUDIO_TEXTS.cancel}
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
              {editing ? AUDIO_TEXTS.submitUpdate : AUDIO_TEXTS.submitUpload}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
