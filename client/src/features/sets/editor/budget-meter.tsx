// The Creative-Tonie budget while editing: chapters used of 99, minutes used of 90 with the time
// left, and a bar that turns red when the set is over; chapters moderators hid count until they
// are removed, and it says so. Announced politely when it changes.
import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { CREATIVE_TONIE_MAX_CHAPTERS, CREATIVE_TONIE_MAX_SECONDS } from '@tonieshelf/shared/values/common';
import { formatClock } from '@tonieshelf/shared/format';
import { useFormat } from '../../../i18n/use-format';
import type { Budget } from './budget';
import { useSetEditorTexts } from './set-editor-texts';

export function BudgetMeter({ budget }: { budget: Budget }) {
  const texts = useSetEditorTexts();
  const format = useFormat();
  const color = budget.over ? 'red' : budget.percent > 90 ? 'orange' : 'teal';
  return (
    <Paper withBorder p="md" radius="lg" bg="var(--tonieshelf-surface)" data-testid="budget-meter" data-over={budget.over || undefined}>
      <Stack gap="xs" aria-live="polite" aria-atomic="true">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} fz="sm">
            {texts.budget}
          </Text>
          <Badge color={budget.over ? 'red' : 'teal'} variant="light" tt="none" data-testid="budget-state">
            {budget.over ? texts.overBudget : texts.fits}
          </Badge>
        </Group>
        <Text fz="sm" data-testid="budget-chapters" c={budget.overChapters ? 'red' : undefined} fw={budget.overChapters ? 700 : undefined}>
          {texts.chaptersUsed(format.count(budget.chapters), format.count(CREATIVE_TONIE_MAX_CHAPTERS))}
          {budget.overChapters ? ` · ${texts.tooManyChapters(budget.chapters - CREATIVE_TONIE_MAX_CHAPTERS)}` : ''}
        </Text>
        <Text fz="sm" data-testid="budget-minutes">
          {texts.minutesUsed(formatClock(budget.seconds), format.count(CREATIVE_TONIE_MAX_SECONDS / 60))}
        </Text>
        <Progress value={Math.min(100, budget.percent)} color={color} size="lg" radius="xl" aria-label={texts.budgetProgress} data-testid="budget-bar" data-color={color} />
        <Text fz="sm" fw={600} c={budget.overTime ? 'red' : 'dimmed'} data-testid="budget-remaining">
          {budget.overTime ? texts.over(formatClock(-budget.remaining)) : texts.remaining(formatClock(budget.remaining))}
        </Text>
        {budget.hidden > 0 ? (
          <Text fz="xs" c="dimmed" data-testid="budget-hidden">
            {texts.countsHidden(budget.hidden)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
