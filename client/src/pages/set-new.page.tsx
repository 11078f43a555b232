// /sets/new: a new set with its first files. Title, description, tags, the licence of the files
// uploaded now (with the rights statement) and a multi-file dropzone; 'Create set' creates the
// draft set, then uploads the files (two at a time, each with its own row) and adds them as
// chapters in file-name order; then on to the editor (or, when a file was refused, the rows stay
// with their messages and a link to the editor).
import { useRef, useState } from 'react';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowRight, IconPlaylistAdd } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { setEditPath } from '@tonieshelf/shared/values/set';
import { PageHeader } from '../components/page-header';
import type { AudioFormValues } from '../features/audio/audio-form';
import { useAudioTexts } from '../features/audio/audio-texts';
import { LicenceFields } from '../components/publishable/licence-form-fields';
import { SetFields, setRules, validateSetFields } from '../features/sets/editor/set-fields';
import { submitWithRules } from '../lib/lazy-rules';
import { useSetEditorTexts } from '../features/sets/editor/set-editor-texts';
import { FilesDropzone, UploadRows } from '../features/sets/editor/upload-rows';
import { useMultiUpload } from '../features/sets/editor/use-multi-upload';
import { useShellTexts } from '../i18n/shell-texts';
import { usePageTitle } from '../lib/page-title';
import { toast } from '../lib/toast';
import { useTRPC } from '../lib/trpc';
import { focusFirstError } from '../lib/focus-first-error';

const initialValues: AudioFormValues = {
  title: '',
  description: '',
  scriptText: '',
  tags: [],
  status: 'draft',
  licence: null,
  rightsConfirmed: false,
  audio: null,
  cover: null,
};

export function NewSetPage() {
  const texts = useSetEditorTexts();
  const audioTexts = useAudioTexts();
  const shell = useShellTexts();
  usePageTitle(shell.pages.newSet.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const uploader = useMultiUpload();
  const create = useMutation(trpc.set.create.mutationOptions());
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const openFiles = useRef<(() => void) | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const hasFiles = uploader.chosenCount > 0;
  // (The form's rules read it when they run.)
  const hasFilesRef = useRef(hasFiles);
  hasFilesRef.current = hasFiles;

  const form = useForm<AudioFormValues>({
    initialValues,
    validate: (values) => {
      const validation = useAudioTexts.get().validation;
      return {
        ...validateSetFields(values),
        ...(hasFilesRef.current && !values.licence ? { licence: validation.licenceRequired } : {}),
        ...(hasFilesRef.current && !values.rightsConfirmed ? { rightsConfirmed: validation.rightsRequired } : {}),
      };
    },
  });
  const busy = create.isPending || uploader.running;

  const onSubmit = submitWithRules(
    form,
    setRules,
    async (values) => {
      setError(null);
      let id = createdId;
      if (id === null) {
        try {
          const set = await create.mutateAsync({ title: values.title, description: values.description, tags: values.tags });
          queryClient.setQueryData(trpc.set.byId.queryKey({ id: set.id }), set);
          void queryClient.invalidateQueries(trpc.set.mine.pathFilter());
          id = set.id;
          setCreatedId(set.id);
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : String(failure));
          return;
        }
      }
      if (!hasFilesRef.current || !values.licence) {
        void navigate(setEditPath(id));
        return;
      }
      const result = await uploader.run(id, { licence: values.licence });
      if (result.failed === 0) {
        toast({ title: texts.newFormLabel, message: texts.uploadsDone(result.added, result.total), variant: 'success' });
        void navigate(setEditPath(id));
      }
    },
    (errors) => {
      if (errors.title) titleRef.current?.focus();
      else focusFirstError(form, errors); // the licence, the rights tick
    },
  );

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={shell.pages.newSet.title} subtitle={texts.newSubtitle} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--tonieshelf-surface)">
        <form noValidate aria-label={texts.newFormLabel} onSubmit={onSubmit}>
          <Stack gap="lg">
            <SetFields form={form} disabled={busy || createdId !== null} titleRef={titleRef} />
            <Stack gap="sm">
              <div>
                <Title order={2} fz="h4">
                  {texts.filesHeading}
                </Title>
                <Text fz="sm" c="dimmed">
                  {texts.filesHint}
                </Text>
              </div>
              <FilesDropzone onFiles={uploader.choose} disabled={busy} openRef={openFiles} />
              <UploadRows rows={uploader.rows} onRemove={busy ? undefined : uploader.remove} />
              {hasFiles || form.values.licence ? <LicenceFields form={form} disabled={busy} /> : null}
            </Stack>
            {error ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={audioTexts.toasts.error} role="alert">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              {createdId !== null && !uploader.running ? (
                <Button component={Link} to={setEditPath(createdId)} variant={hasFiles ? 'default' : 'filled'} rightSection={<IconArrowRight size={16} aria-hidden />}>
                  {texts.continueToEditor}
                </Button>
              ) : null}
              {createdId === null || hasFiles ? (
                <Button type="submit" loading={busy} leftSection={<IconPlaylistAdd size={16} aria-hidden />}>
                  {createdId === null ? texts.createSet : texts.uploadFiles}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
