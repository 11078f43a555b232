import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, Group, Image, Paper, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DropzoneStateIcon, FileDropzone } from '../../components/publishable/file-dropzone';
import type { FileRejection, FileWithPath } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { IconFileMusic, IconPhoto, IconUpload } from '@tabler/icons-react';
import { AUDIO_MAX_TAGS, AUDIO_DESCRIPTION_MAX, AUDIO_SCRIPT_MAX, AUDIO_TITLE_MAX } from '@tonieshelf/shared/values/audio';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { TagsField } from '../../components/tags-field';
import { toast } from '../../lib/toast';
import { useAudioTags } from '../../lib/audio-tags';
import { useUploadAudio } from './api/use-upload-audio';
import { fileTooLarge } from '../../components/publishable/file-limits';
import classes from '../../components/publishable/publishable.module.css';
import { audioFormValidator, audioRules } from './audio-form';
import { submitWithRules } from '../../lib/lazy-rules';
import type { AudioFormValues } from './audio-form';
import { useFormat } from '../../i18n/use-format';
import { useAudioTexts } from './audio-texts';
import { LicenceFields } from '../../components/publishable/licence-form-fields';
import { UploadStatus, type UnverifiedRefusal } from './upload-status';
import { scrollBehavior } from '../../lib/motion';
import { focusFirstError } from '../../lib/focus-first-error';

/** MP3 or WAV for the upload page (SPEC §5); the server judges the bytes. */
const AUDIO_ACCEPT = {
  'audio/mpeg': ['.mp3'],
  'audio/mp3': ['.mp3'],
  'audio/wav': ['.wav'],
  'audio/x-wav': ['.wav'],
  'audio/wave': ['.wav'],
  'audio/vnd.wave': ['.wav'],
};
const COVER_ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };
/**
 * The dropzones' file inputs are not shown nor focusable (the dropzone is the button that opens
 * the chooser): react-dropzone's clipped input with tabindex -1 would be a control nested in it.
 */
function initialValues(file: AudioFile | null): AudioFormValues {
  return {
    title: file?.title ?? '',
    description: file?.description ?? '',
    scriptText: file?.scriptText ?? '',
    tags: file?.tags ?? [],
    status: file?.status ?? 'draft',
    licence: file?.licence ?? null,
    rightsConfirmed: file?.rightsConfirmed ?? false,
    audio: null,
    cover: null,
  };
}

interface AudioUploadFormProps {
  /** The file being edited, or null for a new upload. */
  editing: AudioFile | null;
  /** Back to a new-upload form (Cancel, or after saving). */
  /** The form is done with an edit: `saved` after a save, else (cancelled) false. */
  onDone: (saved: boolean) => void;
  /** Called with the saved file's id (the page moves focus to its row). */
  onSaved?: (id: number) => void;
  /** The page's note for an account whose address is not verified yet (publishing waits for it). */
  unverifiedNotice?: ReactNode;
  unverifiedRefusal?: UnverifiedRefusal;
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
 * status, the audio file (drag and drop, MP3 or WAV; required for a new upload), an optional
 * JPG or PNG cover, the licence and the tick 'I made this or have the right to share it'. Files go to the upload routes with a progress bar of the real bytes sent;
 * then the record is created or updated. Every refusal of the server is shown with its message.
 */
export function AudioUploadForm({ editing, onDone, onSaved, unverifiedNotice, unverifiedRefusal }: AudioUploadFormProps) {
  const texts = useAudioTexts();
  const format = useFormat();
  const upload = useUploadAudio('upload');
  const knownTags = useAudioTags();
  const form = useForm<AudioFormValues>({ initialValues: initialValues(editing), validate: audioFormValidator(!editing) });
  const { audio: audioFile, cover: coverFile } = form.values;
  const busy = upload.isPending;
  const coverPreview = useDataUrl(coverFile);
  const titleRef = useRef<HTMLInputElement>(null);
  // Not on the Dropzone itself: a ref there replaces react-dropzone's own, and Enter and Space stop opening the chooser.
  const audioDropRef = useRef<HTMLDivElement>(null);

  const startOver = () => {
    form.reset();
    upload.reset();
  };

  const onAudioDrop = (files: FileWithPath[]) => {
    const file = files[0];
    if (!file) return;
    const refusal = fileTooLarge('upload', file);
    if (refusal) {
      form.setFieldError('audio', refusal);
      return;
    }
    form.setFieldValue('audio', file);
    form.clearFieldError('audio');
    upload.reset();
  };
  const onAudioReject = (rejections: FileRejection[]) => {
    if (rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'))) {
      form.setFieldError('audio', texts.validation.audioTooLarge);
      return;
    }
    toast({ title: texts.validation.invalidFileType, message: texts.validation.audioTypes, variant: 'destructive' });
    form.setFieldError('audio', texts.validation.audioTypes);
  };
  const onCoverDrop = (files: FileWithPath[]) => {
    const file = files[0];
    if (!file) return;
    const refusal = fileTooLarge('cover', file);
    if (refusal) {
      form.setFieldError('cover', refusal);
      return;
    }
    form.setFieldValue('cover', file);
    form.clearFieldError('cover');
  };
  const onCoverReject = () => {
    toast({ title: texts.validation.invalidFileType, message: texts.validation.coverTypes, variant: 'destructive' });
    form.setFieldError('cover', texts.validation.coverTypes);
  };

  const onSubmit = submitWithRules(
    form,
    audioRules,
    async ({ audio, cover, ...fields }) => {
      const saved = await upload.save({ fields, audio, cover, ...(editing ? { editingId: editing.id } : {}) });
      if (saved === null) return;
      // Back to an empty new-upload form; focus goes to the saved file's row.
      if (editing) onDone(true);
      else startOver();
      onSaved?.(saved);
    },
    (errors) => {
      if (errors.title) titleRef.current?.focus();
      else if (errors.audio) {
        audioDropRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'center' });
        audioDropRef.current?.querySelector<HTMLElement>('[role=button]')?.focus({ preventScroll: true });
      } else focusFirstError(form, errors); // the licence, the rights tick
    },
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--tonieshelf-surface)" data-testid="audio-upload-form">
      <Title order={2} fz="h3" mb="md">
        {editing ? texts.editAudio : texts.uploadNew}
      </Title>
      {/* Publishing needs a verified address; the refusal below says it again with its action. */}
      {upload.reason || !unverifiedNotice ? null : <Box mb="md">{unverifiedNotice}</Box>}
      <form noValidate aria-label={editing ? texts.editAudio : texts.uploadNew} onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput ref={titleRef} label={texts.title} required maxLength={AUDIO_TITLE_MAX} {...form.getInputProps('title')} disabled={busy} />
          <Textarea label={texts.description} maxLength={AUDIO_DESCRIPTION_MAX} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} disabled={busy} />
          <Textarea label={texts.scriptText} maxLength={AUDIO_SCRIPT_MAX} autosize minRows={3} maxRows={10} {...form.getInputProps('scriptText')} disabled={busy} />
          <TagsField
            label={texts.tags}
            value={form.values.tags}
            onChange={(tags) => form.setFieldValue('tags', tags)}
            error={form.errors.tags}
            maxTags={AUDIO_MAX_TAGS}
            suggestions={knownTags.data?.tags ?? []}
            placeholder={texts.tagPlaceholder}
            fullPlaceholder={texts.maxTagsReached}
            addLabel={texts.addTag}
            limitText={texts.maxTagsAllowed}
            pillsTestId="selected-tags"
            disabled={busy}
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="audio-status-label">
              {texts.status}
            </Text>
            <SegmentedControl
              aria-labelledby="audio-status-label"
              value={form.values.status}
              onChange={(value) => form.setFieldValue('status', value === 'published' ? 'published' : 'draft')}
              data={[
                { value: 'draft', label: texts.statusDraft },
                { value: 'published', label: texts.statusPublished },
              ]}
              disabled={busy}
              w="fit-content"
            />
          </Stack>

          <FileDropzone
            wrapperRef={audioDropRef}
            label={texts.audioFile}
            required={!editing}
            error={form.errors.audio}
            errorTestId="audio-file-error"
            onDrop={onAudioDrop}
            onReject={onAudioReject}
            accept={AUDIO_ACCEPT}
            multiple={false}
            disabled={busy}
            data-testid="audio-dropzone"
            p="md"
          >
            <Group justify="center" gap="md" wrap="nowrap" mih={72}>
              <DropzoneStateIcon idle={IconFileMusic} size={36} />
              <div style={{ minWidth: 0 }}>
                {audioFile ? (
                  <>
                    <Text fz="sm" fw={600} className={classes.wrap} data-testid="chosen-audio">
                      {audioFile.name}
                    </Text>{' '}
                    <Text fz="xs" c="dimmed">
                      {format.fileSize(audioFile.size)}
                    </Text>
                  </>
                ) : (
                  <>
                    <Text fz="sm">{texts.dropAudio}</Text>{' '}
                    <Text fz="xs" c="dimmed">
                      {editing ? `${texts.dropAudioHint}. ${texts.keepExisting} (${editing.fileName}).` : texts.dropAudioHint}
                    </Text>
                  </>
                )}
              </div>
            </Group>
          </FileDropzone>

          <Stack gap={4}>
            <FileDropzone
              label={texts.coverImage}
              error={form.errors.cover}
              aside={
                coverPreview || editing?.coverImage ? (
                  <Image src={coverPreview ?? editing?.coverImage} alt="" w={72} h={72} radius="md" fit="cover" style={{ flex: 'none' }} />
                ) : null
              }
              onDrop={onCoverDrop}
              onReject={onCoverReject}
              accept={COVER_ACCEPT}
              multiple={false}
              disabled={busy}
              data-testid="cover-dropzone"
              p="sm"
              style={{ flex: 1, minWidth: 0 }}
            >
              <Group gap="sm" wrap="nowrap" mih={48}>
                <IconPhoto size={28} color="var(--mantine-color-dimmed)" aria-hidden />
                <div style={{ minWidth: 0 }}>
                  <Text fz="sm" className={classes.wrap} data-testid="chosen-cover">
                    {coverFile ? coverFile.name : texts.dropCover}
                  </Text>{' '}
                  <Text fz="xs" c="dimmed">
                    {coverFile ? format.fileSize(coverFile.size) : texts.dropCoverHint}
                  </Text>
                </div>
              </Group>
            </FileDropzone>
            {coverFile ? (
              <Button variant="subtle" size="compact-xs" color="gray" w="fit-content" onClick={() => form.setFieldValue('cover', null)} disabled={busy}>
                {texts.removeFile}
              </Button>
            ) : null}
          </Stack>

          <LicenceFields form={form} disabled={busy} />

          <UploadStatus progress={upload.progress} busy={busy} error={upload.error} reason={upload.reason} unverifiedRefusal={unverifiedRefusal} progressTestId="upload-progress" />

          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                if (editing) onDone(false);
                else startOver();
              }}
              disabled={busy}
            >
              {texts.cancel}
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
              {editing ? texts.submitUpdate : texts.submitUpload}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
