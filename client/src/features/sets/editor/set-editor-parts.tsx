// The editor's sections: notices of removed chapters, the details form (title, description, tags,
// cover), 'Upload more files', and the side panel (budget meter, publish, view, delete).
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { FileDropzone } from '../../../components/publishable/file-dropzone';
import { useForm } from '@mantine/form';
import { IconEye, IconInfoCircle, IconPhoto, IconTrash, IconUpload, IconWorld, IconWorldOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SET_MESSAGES, setPath } from '@tonieshelf/shared/values/set';
import type { SetDetail } from '@tonieshelf/shared/schemas/set';
import { confirmAction } from '../../../components/confirm';
import { localMessage } from '../../../lib/account-errors';
import { uploadCover } from '../../../lib/upload-file';
import { fileTooLarge } from '../../../components/publishable/file-limits';
import classes from '../../../components/publishable/publishable.module.css';
import { LicenceFields } from '../../../components/publishable/licence-form-fields';
import type { LicenceValues } from '../../../components/publishable/licence-form-fields';
import { usePublishableTexts } from '../../../components/publishable/publishable-texts';
import type { Budget } from './budget';
import { BudgetMeter } from './budget-meter';
import { useSetEditorTexts } from './set-editor-texts';
import { SetFields, setRules, validateSetFields } from './set-fields';
import { submitWithRules } from '../../../lib/lazy-rules';
import { FilesDropzone, UploadRows } from './upload-rows';
import { useMultiUpload } from './use-multi-upload';
import { writeMessage } from './use-set-editor';
import { focusFirstError } from '../../../lib/focus-first-error';
import { focusIfLost } from '../../../lib/focus-lost';

const COVER_ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

export function SetNotices({ set, onDismiss }: { set: SetDetail; onDismiss: () => void }) {
  const texts = useSetEditorTexts();
  if (set.notices.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconInfoCircle size={20} aria-hidden />}
      title={texts.notices(set.notices.length)}
      data-testid="set-notices"
      withCloseButton
      closeButtonLabel={texts.dismiss}
      onClose={onDismiss}
    >
      <Stack gap={2}>
        {set.notices.map((n) => (
          <Text key={n.id} fz="sm">
            {texts.noticeLine(n.audioTitle)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

interface DetailsValues {
  title: string;
  description: string;
  tags: string[];
}

type Save = (changes: { title?: string; description?: string | null; tags?: string[]; coverPath?: string | null; status?: 'draft' | 'published' }) => Promise<SetDetail | null>;

export function SetDetailsForm({ set, save, saving }: { set: SetDetail; save: Save; saving: boolean }) {
  const texts = useSetEditorTexts();
  const audioTexts = usePublishableTexts();
  const form = useForm<DetailsValues>({
    initialValues: { title: set.title, description: set.description ?? '', tags: set.tags },
    validate: (values) => validateSetFields(values),
  });
  const [coverBusy, setCoverBusy] = useState(false);
  const [coverError, setCoverError] = useState<string | null>(null);

  const onCover = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const tooLarge = fileTooLarge('cover', file);
    if (tooLarge) {
      setCoverError(tooLarge);
      return;
    }
    setCoverError(null);
    setCoverBusy(true);
    try {
      const uploaded = await uploadCover(file);
      await save({ coverPath: uploaded.filePath });
    } catch (failure) {
      setCoverError(writeMessage(failure));
    } finally {
      setCoverBusy(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--tonieshelf-surface)">
      <form
        noValidate
        aria-label={texts.details}
        onSubmit={submitWithRules(form, setRules, async (values) => {
          const saved = await save({ title: values.title, description: values.description || null, tags: values.tags });
          if (saved) form.resetDirty({ title: saved.title, description: saved.description ?? '', tags: saved.tags });
        })}
      >
        <Stack gap="md">
          <Title order={2} fz="h4">
            {texts.details}
          </Title>
          <SetFields form={form} disabled={saving} />
          <Stack gap={4}>
            <FileDropzone
              label={texts.cover}
              error={coverError}
              aside={set.coverImage ? <Image src={set.coverImage} alt="" w={72} h={72} radius="md" fit="cover" style={{ flex: 'none' }} /> : null}
              onDrop={(files) => void onCover(files)}
              onReject={() => setCoverError(audioTexts.validation.coverTypes)}
              accept={COVER_ACCEPT}
              multiple={false}
              loading={coverBusy}
              p="sm"
              style={{ flex: 1, minWidth: 0 }}
            >
              <Group gap="sm" wrap="nowrap" mih={48}>
                <IconPhoto size={28} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text fz="sm" className={classes.wrap}>
                  {texts.dropCover}
                </Text>
              </Group>
            </FileDropzone>
            {set.coverImage ? (
              <Button variant="subtle" size="compact-xs" color="gray" w="fit-content" onClick={() => void save({ coverPath: null })} disabled={coverBusy}>
                {texts.removeCover}
              </Button>
            ) : null}
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={!form.isDirty()}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const uploadFormValues: LicenceValues = { licence: null, rightsConfirmed: false };

/** 'Upload more files': the same multi-upload as /sets/new, appending to the set. */
export function UploadMore({ set, onSetChanged }: { set: SetDetail; onSetChanged: (set: SetDetail) => void }) {
  const texts = useSetEditorTexts();
  const uploader = useMultiUpload({ onSetChanged });
  const openFiles = useRef<(() => void) | null>(null);
  const form = useForm<LicenceValues>({
    initialValues: uploadFormValues,
    validate: (values) => {
      const validation = usePublishableTexts.get().validation;
      return {
        ...(!values.licence ? { licence: validation.licenceRequired } : {}),
        ...(!values.rightsConfirmed ? { rightsConfirmed: validation.rightsRequired } : {}),
      };
    },
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--tonieshelf-surface)" data-testid="upload-more">
      <form
        noValidate
        aria-label={texts.uploadMore}
        onSubmit={form.onSubmit(
          async ({ licence }) => {
            if (!licence) return;
            await uploader.run(set.id, { licence });
          },
          (errors) => focusFirstError(form, errors),
        )}
      >
        <Stack gap="sm">
          <div>
            <Title order={2} fz="h4">
              {texts.uploadMore}
            </Title>
            <Text fz="sm" c="dimmed">
              {texts.uploadMoreHint}
            </Text>
          </div>
          <FilesDropzone onFiles={uploader.choose} disabled={uploader.running} openRef={openFiles} />
          <UploadRows rows={uploader.rows} onRemove={uploader.running ? undefined : uploader.remove} />
          {uploader.chosenCount > 0 ? (
            <>
              <LicenceFields form={form} disabled={uploader.running} />
              <Group justify="flex-end">
                <Button type="submit" loading={uploader.running} leftSection={<IconUpload size={16} aria-hidden />}>
                  {texts.uploadFiles}
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

interface SidePanelProps {
  set: SetDetail;
  budget: Budget;
  save: Save;
  saving: boolean;
  onDelete: () => void;
}

export function SidePanel({ set, budget, save, saving, onDelete }: SidePanelProps) {
  const texts = useSetEditorTexts();
  const published = set.status === 'published';
  const blocked = published ? null : budget.over ? SET_MESSAGES.overBudgetToPublish : budget.chapters === 0 ? SET_MESSAGES.emptyToPublish : null;
  const reason = blocked ? localMessage(blocked) : null;
  const [announced, setAnnounced] = useState<string | null>(null);
  const publishRef = useRef<HTMLButtonElement>(null);
  // Busy, the button is disabled and focus falls to the page: once it is back, focus is on it again (now 'Unpublish').
  const refocus = useRef(false);
  useEffect(() => {
    if (saving || !refocus.current) return;
    refocus.current = false;
    focusIfLost(publishRef.current);
  }, [saving]);
  const publishButton = (
    <Button
      ref={publishRef}
      fullWidth
      color={published ? 'gray' : undefined}
      variant={published ? 'default' : 'filled'}
      leftSection={published ? <IconWorldOff size={16} aria-hidden /> : <IconWorld size={16} aria-hidden />}
      disabled={reason !== null}
      loading={saving}
      aria-describedby={reason ? 'publish-blocked' : undefined}
      onClick={async () => {
        setAnnounced(null);
        refocus.current = true;
        const saved = await save({ status: published ? 'draft' : 'published' });
        if (saved) setAnnounced(saved.status === 'published' ? texts.publishedToast : texts.unpublishedToast);
      }}
      data-testid="publish-button"
    >
      {published ? texts.unpublish : texts.publish}
    </Button>
  );
  return (
    <Stack gap="md">
      <BudgetMeter budget={budget} />
      <Paper withBorder p="md" radius="lg" bg="var(--tonieshelf-surface)">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fz="sm" fw={700}>
              {published ? texts.published : texts.draft}
            </Text>
            <Anchor component={Link} to={setPath(set.id)} fz="sm" data-testid="view-set-link">
              <Group gap={4} wrap="nowrap">
                <IconEye size={14} aria-hidden />
                {texts.viewSet}
              </Group>
            </Anchor>
          </Group>
          {publishButton}
          {reason ? (
            <Text id="publish-blocked" fz="xs" c="red" data-testid="publish-blocked">
              {reason}
            </Text>
          ) : null}
          <Text fz="xs" c="teal" aria-live="polite" data-testid="publish-state">
            {announced}
          </Text>
          <Button
            fullWidth
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() =>
              confirmAction({
                title: texts.deleteQuestion,
                text: texts.deleteText,
                confirmLabel: texts.deleteSet,
                color: 'red',
                onConfirm: onDelete,
              })
            }
          >
            {texts.deleteSet}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
