import { Button, EmptyState, Paper } from '@mantine/core';
import { IconFilterOff, IconMoodEmpty } from '@tabler/icons-react';
import type { CatalogueState } from './catalogue-params';
import { hasActiveFilters } from './catalogue-params';
import { CATALOGUE_TEXTS } from './catalogue-texts';
import { emptyStateTitle } from './empty-state-title';

/** What the grid shows when nothing matches (SPEC §2), with 'Clear All Filters'. */
export function CatalogueEmptyState({ state, onClear }: { state: CatalogueState; onClear: () => void }) {
  const filtered = hasActiveFilters(state);
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)" data-testid="catalogue-empty">
      <EmptyState variant="light" size="lg">
        <EmptyState.Indicator>
          <IconMoodEmpty aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={2}>{emptyStateTitle(state)}</EmptyState.Title>
        {filtered ? <EmptyState.Description maw={460}>{CATALOGUE_TEXTS.emptyHint}</EmptyState.Description> : null}
        {filtered ? (
          <EmptyState.Actions>
            <Button onClick={onClear} leftSection={<IconFilterOff size={16} aria-hidden />}>
              {CATALOGUE_TEXTS.clearAllFilters}
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
}
