import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileMusic, IconUpload } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { AUDIO_MAX_TAGS, AUDIO_DESCRIPTION_MAX, AUDIO_SCRIPT_MAX, AUDIO_TITLE_MAX } from '@tonieshelf/shared/values/audio';
import { confirmAction } from '../../components/confirm';
import { TagsField } from '../../components/tags-field';
import { authPathWithNext } from '../../lib/next-path';
import { useCurrentUser } from '../../lib/use-current-user';
import { useUploadAudio } from './api/use-upload-audio';
import { fileTooLarge } from '../../components/publishable/file-limits';
import { audioFormValidator, audioRules } from './audio-form';
import { submitWithRules } from '../../lib/lazy-rules';
import type { AudioFormValues } from './audio-form';
import { useAudioTexts } from './audio-texts';
import { LicenceFields } from '../../components/publishable/licence-form-fields';
import { UploadStatus, type UnverifiedRefusal } from './upload-status';
import { focusFirstError } from '../../lib/focus-first-error';

/** MP3, WAV or M4A (SPEC §5); the server judges the bytes. */
const QUICK_ACCEPT = 'audio/mpeg,audio/mp3,audio/wav,audio/x-wav,audio/wave,audio/mp4,audio/x-m4a,audio/m4a,.mp3,.wav,.m4a';

const EMPTY: AudioFormValues = { title: '', description: '', scriptText: '', tags: [], licence: null, rightsConfirmed: false, audio: null, cover: null };

/**
 * Opening the quick upload dialog (SPEC §2): signed-out visitors get the 'Login Required'
 * question (Cancel / Log In, which goes to sign in and back here) instead of the dialog.
 */
export function useQuickUpload() {
  const texts = useAudioTexts();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);

  const open = () => {
    if (user) {
      setOpened(true);
      return;
    }
    const next = authPathWithNext(`${location.pathname}${location.search}`);
    confirmAction({
      title: texts.loginRequired,
      text: texts.quickLoginText,
      confirmLabel: texts.logIn,
      cancelLabel: texts.cancel,
      onConfirm: () => navigate(next),
    });
  };

  return { opened: opened && user !== null, open, close: () => setOpened(false) };
}

interface QuickUploadDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The page's alert for an upload refused for an unverified address. */
  unverifiedRefusal?: UnverifiedRefusal;
}

/**
 * The quick upload dialog of the older audio page (SPEC §2, §5): title, description, tags (a
 * comma-separated list), script, the file, the licence and the rights tick; the file is really uploaded (with its progress)
 * before the record is created as a draft.
 */
export function QuickUploadDialog({ opened, onClose, unverifiedRefusal }: QuickUploadDialogProps) {
  const texts = useAudioTexts();
  return (
    <Modal opened={opened} onClose={onClose} title={texts.quickTitle} radius="lg" size="lg" centered>
      {opened ? <QuickUploadForm onDone={onClose} unverifiedRefusal={unverifiedRefusal} /> : null}
    </Modal>
  );
}

function QuickUploadForm({ onDone, unverifiedRefusal }: { onDone: () => void; unverifiedRefusal?: UnverifiedRefusal }) {
  const texts = useAudioTexts();
  const upload = useUploadAudio('quick');
  const form = useForm<AudioFormValues>({ initialValues: EMPTY, validate: audioFormValidator(true) });
  const busy = upload.isPending;

  const onSubmit = submitWithRules(
    form,
    audioRules,
    async ({ audio, cover: _cover, ...fields }) => {
      if ((await upload.save({ fields, audio })) !== null) onDone();
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form noValidate aria-label={texts.quickTitle} onSubmit={onSubmit}>
      <Stack gap="md">
        <TextInput label={texts.title} required maxLength={AUDIO_TITLE_MAX} {...form.getInputProps('title')} disabled={busy} data-autofocus />
        <Textarea label={texts.description} maxLength={AUDIO_DESCRIPTION_MAX} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} disabled={busy} />
        <TagsField
          label={texts.quickTagsLabel}
          description={texts.quickTagsHint}
          placeholder={texts.quickTagsPlaceholder}
          value={form.values.tags}
          onChange={(tags) => form.setFieldValue('tags', tags)}
          error={form.errors.tags}
          maxTags={AUDIO_MAX_TAGS}
          disabled={busy}
        />
        <Textarea label={texts.quickScript} maxLength={AUDIO_SCRIPT_MAX} autosize minRows={2} maxRows={6} {...form.getInputProps('scriptText')} disabled={busy} />
        <FileInput
          {...form.getInputProps('audio')}
          label={texts.quickFile}
          description={texts.quickFileHint}
          placeholder={texts.quickFilePlaceholder}
          // Mantine's placeholder grey is 2.5:1 on a dark dialog; the theme's dimmed text reaches 4.5:1.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept={QUICK_ACCEPT}
          value={form.values.audio}
          onChange={(file) => {
            const refusal = file ? fileTooLarge('quick', file) : null;
            form.setFieldValue('audio', refusal ? null : file);
            form.setFieldError('audio', refusal);
          }}
          leftSection={<IconFileMusic size={16} aria-hidden />}
          clearable
          required
          error={form.errors.audio}
          disabled={busy}
        />
        <LicenceFields form={form} disabled={busy} />
        <UploadStatus
          progress={upload.progress}
          busy={busy}
          error={upload.error}
          reason={upload.reason}
          unverifiedRefusal={unverifiedRefusal}
          progressTestId="quick-upload-progress"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
            {texts.upload}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
