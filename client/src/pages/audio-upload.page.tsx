import { useCallback, useState } from 'react';
import { Container, Grid } from '@mantine/core';
import { AUDIO_MAX_PAGE_SIZE } from '@tonieshelf/shared/values/audio';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { PageHeader } from '../components/page-header';
import { useMyAudio } from '../features/audio/api/use-audio-lists';
import { AudioFilesTable } from '../features/audio/audio-files-table';
import { AudioUploadForm } from '../features/audio/audio-upload-form';
import { usePageTitle } from '../lib/page-title';
import { unverifiedNotice, unverifiedRefusal } from './audio/account-notices';
import { useAudioTexts } from '../features/audio/audio-texts';
import { useShellTexts } from '../i18n/shell-texts';
import { scrollBehavior } from '../lib/motion';

/**
 * /audio/upload (SPEC §2): the 'Upload New Audio' / 'Edit Audio' form and 'Your Audio Files'.
 * The user's own list comes from audio.mine (retries 2, refetch on mount: SPEC §7).
 */
export function AudioUploadPage() {
  const texts = useAudioTexts();
  const { pages } = useShellTexts();
  usePageTitle(pages.upload.title);
  const [editing, setEditing] = useState<AudioFile | null>(null);
  // The file just saved: its row in 'Your Audio Files' takes focus once it is listed.
  const [savedId, setSavedId] = useState<number | null>(null);
  const clearSavedId = useCallback(() => setSavedId(null), []);
  // SPEC §2 gives the table no paging: the newest 100 files, the most one request may ask for.
  const own = useMyAudio({ pageSize: AUDIO_MAX_PAGE_SIZE });

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={pages.upload.title} subtitle={texts.uploadSubtitle} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AudioUploadForm
            key={editing?.id ?? 'new'}
            editing={editing}
            onSaved={setSavedId}
            unverifiedNotice={unverifiedNotice}
            unverifiedRefusal={unverifiedRefusal}
            onDone={(saved) => {
              setEditing(null);
              // After a save focus goes to the file's row (the browser scrolls to it); only a
              // cancelled edit goes back up to the empty form.
              if (!saved) window.scrollTo({ top: 0, behavior: scrollBehavior() });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AudioFilesTable
            files={own.data?.audioFiles ?? []}
            isLoading={own.isPending}
            isError={own.isError}
            isFetching={own.isFetching}
            onRetry={() => void own.refetch()}
            editingId={editing?.id ?? null}
            onEdit={(file) => {
              setEditing(file);
              window.scrollTo({ top: 0, behavior: scrollBehavior() });
            }}
            focusId={savedId}
            onFocused={clearSavedId}
            unverifiedRefusal={unverifiedRefusal}
            onDeleted={(id) => {
              if (editing?.id === id) setEditing(null);
            }}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
