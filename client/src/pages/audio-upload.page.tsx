import { useState } from 'react';
import { Container, Grid } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import { PageHeader } from '../components/page-header';
import { AudioFilesTable } from '../features/audio/audio-files-table';
import { AudioUploadForm } from '../features/audio/audio-upload-form';
import { useCurrentUser } from '../features/auth/use-current-user';
import { usePageTitle } from '../lib/page-title';
import { useTRPC } from '../lib/trpc';

/**
 * /audio/upload (SPEC §2): the 'Upload New Audio' / 'Edit Audio' form and 'Your Audio Files'.
 * The user's own list is the one query with retries (2) and a refetch on mount (SPEC §7).
 */
export function AudioUploadPage() {
  usePageTitle(PAGE_TEXTS.upload.title);
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const [editing, setEditing] = useState<AudioFile | null>(null);
  const own = useQuery({
    ...trpc.audio.byUser.queryOptions(user ? { userId: user.id } : skipToken),
    retry: 2,
    refetchOnMount: 'always',
  });

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={PAGE_TEXTS.upload.title} subtitle="Share your own recordings with other Creative Tonie owners" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AudioUploadForm
            key={editing?.id ?? 'new'}
            editing={editing}
            onDone={() => {
              setEditing(null);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AudioFilesTable
            files={own.data?.audioFiles ?? []}
            isLoading={own.isPending}
            isError={own.isError}
            onRetry={() => void own.refetch()}
            editingId={editing?.id ?? null}
            onEdit={(file) => {
              setEditing(file);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            onDeleted={(id) => {
              if (editing?.id === id) setEditing(null);
            }}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
