// The totals of one shelf that matter to a parent: how many figures, how long they play, and how
// many per category and per language (from shelf.summary). On phones it stays compact: the two
// figures, and the breakdowns behind 'By category and language'.
import { Button, Collapse, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import type { ShelfTotals } from '@tonieshelf/shared/schemas/shelf';
import { useFormat } from '../../i18n/use-format';
import { languageName } from '../../lib/language-names';
import { useShelvesTexts } from './shelves-texts';

/** '12 h 5 min' / '45 min' for a number of minutes. */
function useHoursMinutes() {
  const texts = useShelvesTexts();
  return (totalMinutes: number) => {
    const rounded = Math.max(0, Math.round(totalMinutes));
    return texts.hoursMinutes(Math.floor(rounded / 60), rounded % 60);
  };
}

function Breakdown({ title, rows, testId }: { title: string; rows: { label: string; count: number }[]; testId: string }) {
  const texts = useShelvesTexts();
  const format = useFormat();
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {texts.noneYet}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <Group key={row.label} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text fz="sm" truncate>
                {row.label}
              </Text>
              <Text fz="sm" fw={600}>
                {format.count(row.count)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface ShelfTotalsPanelProps {
  totals: ShelfTotals;
  ownedRuntimeMinutes: number;
  /** A category's name in the interface language (the catalogue's names, which the page brings). */
  categoryName: (category: string) => string;
}

/** The totals panel of one shelf. */
export function ShelfTotalsPanel({ totals, ownedRuntimeMinutes, categoryName }: ShelfTotalsPanelProps) {
  const texts = useShelvesTexts();
  const format = useFormat();
  const hoursMinutes = useHoursMinutes();
  // Mantine's sm breakpoint: narrower, the breakdowns fold away (the Tonies come first).
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const [details, { toggle }] = useDisclosure(false);
  const byCategory = totals.byCategory.map((row) => ({ label: row.key ? categoryName(row.key) : texts.unknownLanguage, count: row.count }));
  const byLanguage = totals.byLanguage.map((row) => ({ label: (row.key && languageName(row.key, format.locale)) || row.key || texts.unknownLanguage, count: row.count }));
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="var(--tonieshelf-surface)" component="section" aria-labelledby="shelf-totals-title" data-testid="shelf-totals">
      <Stack gap="sm">
        <Title order={2} fz={{ base: 'h5', sm: 'h4' }} id="shelf-totals-title">
          {texts.totalsTitle}
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          <Stack gap={0}>
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
              {texts.figures}
            </Text>
            <Text fz={{ base: 22, sm: 28 }} fw={800} lh={1.2} data-testid="total-figures">
              {format.count(totals.count)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
              {texts.listeningTime}
            </Text>
            <Text fz={{ base: 22, sm: 28 }} fw={800} lh={1.2} data-testid="total-listening-time">
              {hoursMinutes(ownedRuntimeMinutes)}
            </Text>
            <Text fz="xs" c="dimmed">
              {texts.listeningTimeHint}
            </Text>
          </Stack>
        </SimpleGrid>
        {wide ? null : (
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            rightSection={<IconChevronDown size={14} aria-hidden style={{ transform: details ? 'rotate(180deg)' : undefined }} />}
            aria-expanded={details}
            aria-controls="shelf-totals-details"
            onClick={toggle}
            data-testid="totals-details-toggle"
          >
            {texts.byCategoryAndLanguage}
          </Button>
        )}
        <Collapse expanded={wide || details} id="shelf-totals-details">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Breakdown title={texts.byCategory} rows={byCategory} testId="totals-by-category" />
            <Breakdown title={texts.byLanguage} rows={byLanguage} testId="totals-by-language" />
          </SimpleGrid>
        </Collapse>
      </Stack>
    </Paper>
  );
}
