import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconPlaylist } from '@tabler/icons-react';
import { skipToken } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ROUTES } from '../../lib/links';
import { useSetList } from './api/use-sets';
import { SetCard } from './set-card';
import { setsSearchPath } from './sets-params';
import { useSetsTexts } from './sets-texts';

/** How many matching sets Discover shows above its audio results. */
const DISCOVER_SETS = 4;

/**
 * Discover's sets: with a search, the published sets matching it (up to 4, each with its 'Set'
 * badge) above the audio results and 'See all sets'; without one, a small link to /sets.
 * Nothing shows while loading, on an error or when no set matches.
 */
export function DiscoverSets({ search }: { search: string }) {
  const texts = useSetsTexts();
  const term = search.trim();
  const list = useSetList(term ? { search: term, page: 1, pageSize: DISCOVER_SETS } : skipToken);
  if (!term) {
    return (
      <Anchor component={Link} to={ROUTES.sets} fz="sm" fw={500} w="fit-content" data-testid="discover-sets-link">
        <Group gap={6} wrap="nowrap">
          <IconPlaylist size={16} aria-hidden />
          {texts.browseSets}
          <IconArrowRight size={14} aria-hidden />
        </Group>
      </Anchor>
    );
  }
  const sets = list.data?.sets ?? [];
  if (list.isPlaceholderData || sets.length === 0) return null;
  const total = list.data?.totalCount ?? sets.length;
  return (
    <Stack gap="sm" component="section" aria-labelledby="discover-sets-title" data-testid="discover-sets">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={2} fz="h4" id="discover-sets-title">
          {texts.discoverSetsFor(term)}
        </Title>
        <Anchor component={Link} to={setsSearchPath(term)} fz="sm" fw={500}>
          <Group gap={4} wrap="nowrap">
            {texts.seeAllSets}
            {total > sets.length ? (
              <Text span fz="sm" c="dimmed">
                ({total})
              </Text>
            ) : null}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
        {sets.map((set) => (
          <SetCard key={set.id} set={set} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
