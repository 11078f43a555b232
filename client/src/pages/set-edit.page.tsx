// /sets/{id}/edit: the owner's editor. Notices of removed chapters on top; the details; the
// chapter list (drag and drop, Move up / Move down, remove) with waveforms and loudness; 'Add
// chapters' and 'Upload more files'; beside it (sticky on wide screens, on top on narrow ones) the
// budget meter, Publish / Unpublish, the set page's link and Delete.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Container, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlaylistAdd } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { AddChaptersDialog } from '../features/sets/editor/add-chapters-dialog';
import { budgetOf } from '../features/sets/editor/budget';
import { ChapterList } from '../features/sets/editor/chapter-list';
import { SetDetailsForm, SetNotices, SidePanel, UploadMore } from '../features/sets/editor/set-editor-parts';
import classes from '../features/sets/editor/set-editor.module.css';
import { useSetEditorTexts } from '../features/sets/editor/set-editor-texts';
import { useSetEditor, writeMessage } from '../features/sets/editor/use-set-editor';
import { useShellTexts } from '../i18n/shell-texts';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { toast } from '../lib/toast';
import { announce } from '../lib/announce';
import { focusIfLost } from '../lib/focus-lost';

export function EditSetPage() {
  const texts = useSetEditorTexts();
  const shell = useShellTexts();
  const params = useParams();
  const id = Number(params.id);
  const editor = useSetEditor(id);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const set = editor.set.data;
  // The last chapter removed, the list (and its status region) is gone: 'Add chapters' takes the focus.
  const addButton = useRef<HTMLButtonElement>(null);
  const lastRemoved = useRef(false);
  const chapterCount = set?.chapters.length ?? null;
  useEffect(() => {
    if (chapterCount !== 0 || !lastRemoved.current) return;
    lastRemoved.current = false;
    focusIfLost(addButton.current);
  }, [chapterCount]);
  usePageTitle(set ? `${shell.pages.editSet.title}: ${set.title}` : shell.pages.editSet.title);
  const back = <BackLink to={ROUTES.mySets} label={texts.backToMine} />;

  if (!set) {
    const notFound = !Number.isInteger(id) || id < 1 || (editor.set.error && 'data' in editor.set.error && editor.set.error.data?.code === 'NOT_FOUND');
    return (
      <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
        <PageHeader title={shell.pages.editSet.title} above={back} />
        {notFound ? (
          <Alert color="gray" variant="light" title={texts.notFoundTitle} data-testid="set-not-found">
            <Button variant="default" mt="sm" onClick={() => void navigate(ROUTES.mySets)}>
              {texts.backToMine}
            </Button>
          </Alert>
        ) : editor.set.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={texts.loadFailed} role="alert">
            <Text fz="sm">{writeMessage(editor.set.error)}</Text>
            <Button variant="default" mt="sm" onClick={() => void editor.set.refetch()}>
              {texts.retry}
            </Button>
          </Alert>
        ) : (
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{texts.loading}</Text>
          </Group>
        )}
      </Container>
    );
  }

  const budget = budgetOf(set.chapters);
  const onDelete = async () => {
    if (await editor.deleteSet()) {
      toast({ message: texts.deleted, variant: 'success' });
      void navigate(ROUTES.mySets);
    }
  };

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={set.title} subtitle={texts.editSubtitle} above={back} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <div className={classes.side}>
            <SidePanel set={set} budget={budget} save={editor.save} saving={editor.saving} onDelete={() => void onDelete()} />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <SetNotices set={set} onDismiss={() => void editor.dismissNotices()} />
            {editor.error ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={20} aria-hidden />}
                title={texts.failed}
                withCloseButton
                closeButtonLabel={texts.dismiss}
                onClose={editor.clearError}
                data-testid="editor-error"
                role="alert"
              >
                {editor.error}
              </Alert>
            ) : null}
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" bg="var(--tonieshelf-surface)">
              <Stack gap="sm">
                <Group justify="space-between" gap="sm">
                  <Title order={2} fz="h4">
                    {texts.chapters}
                  </Title>
                  <Button ref={addButton} leftSection={<IconPlaylistAdd size={16} aria-hidden />} onClick={() => setAdding(true)} variant="light">
                    {texts.addChapters}
                  </Button>
                </Group>
                {set.chapters.length === 0 ? (
                  <Text c="dimmed" fz="sm">
                    {texts.noChapters}
                  </Text>
                ) : (
                  <ChapterList
                    chapters={set.chapters}
                    onMove={(audioId, delta) => void editor.move(audioId, delta)}
                    onMoveTo={(from, to) => void editor.moveTo(from, to)}
                    onRemove={(c) => {
                      if (set.chapters.length === 1) {
                        lastRemoved.current = true;
                        announce(texts.removed(c.title));
                      }
                      void editor.remove(c);
                    }}
                  />
                )}
              </Stack>
            </Paper>
            <UploadMore set={set} onSetChanged={editor.replace} />
            <SetDetailsForm key={set.id} set={set} save={editor.save} saving={editor.saving} />
          </Stack>
        </Grid.Col>
      </Grid>
      <AddChaptersDialog opened={adding} onClose={() => setAdding(false)} set={set} onAdded={editor.replace} />
    </Container>
  );
}
