import { Anchor, Button, EmptyState, Group, Paper, Text } from '@mantine/core';
import { IconFilterOff, IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LIST_FRESH_MS } from '@tonieshelf/shared/values/common';
import { useTRPC } from '../../lib/trpc';
import type { CatalogueState } from './catalogue-params';
import { applyFilterChange, hasActiveFilters } from './catalogue-params';
import { useCatalogueTexts } from './catalogue-texts';
import { emptyStateTitle } from './empty-state-title';
import { useCatalogueSearchTexts } from './search-texts';
import { useCatalogueAddress } from './use-catalogue-address';

interface CatalogueEmptyStateProps {
  state: CatalogueState;
  onClear: () => void;
  /** The list's close matches ('Did you mean'), when the page has them; else they are asked for the search alone. */
  suggestions?: readonly string[];
}

/**
 * What the grid shows when nothing matches (SPEC §2), with 'Clear All Filters'; after a search
 * that found nothing, 'Did you mean:' with close names and series (issue 12), each a link to
 * the same address with that search instead.
 */
export function CatalogueEmptyState({ state, onClear, suggestions }: CatalogueEmptyStateProps) {
  const texts = useCatalogueTexts();
  const searchTexts = useCatalogueSearchTexts();
  const { params, hrefFor } = useCatalogueAddress();
  const filtered = hasActiveFilters(state);
  const search = state.search.trim();
  const trpc = useTRPC();
  // The server adds close matches to a list that found nothing; the search alone decides them.
  const asked = useQuery({
    ...trpc.tonie.list.queryOptions({ search, pageSize: 1 }),
    enabled: suggestions === undefined && search.length > 0,
    staleTime: LIST_FRESH_MS,
  });
  const matches = search ? (suggestions ?? asked.data?.suggestions ?? []) : [];

  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)" data-testid="catalogue-empty">
      <EmptyState variant="light" size="lg">
        <EmptyState.Indicator>
          <IconMoodEmpty aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={2}>{emptyStateTitle(state)}</EmptyState.Title>
        {matches.length > 0 ? (
          <EmptyState.Description maw={520}>
            <Group component="span" gap={6} justify="center" wrap="wrap" role="group" aria-label={searchTexts.suggestions} data-testid="did-you-mean">
              <Text component="span" fw={600}>
                {searchTexts.didYouMean}
              </Text>
              {matches.map((match, i) => (
                <Text component="span" key={match}>
                  <Anchor component={Link} to={hrefFor(applyFilterChange(params, { search: match }))} title={searchTexts.searchFor(match)}>
                    {match}
                  </Anchor>
                  {i < matches.length - 1 ? ',' : ''}
                </Text>
              ))}
            </Group>
          </EmptyState.Description>
        ) : null}
        {filtered ? <EmptyState.Description maw={460}>{texts.emptyHint}</EmptyState.Description> : null}
        {filtered ? (
          <EmptyState.Actions>
            <Button onClick={onClear} leftSection={<IconFilterOff size={16} aria-hidden />}>
              {texts.clearAllFilters}
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
}
