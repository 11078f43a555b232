import { Box, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { ReviewSummary } from '@tonieshelf/shared/schemas/review';
import { Stars } from '../../components/stars';
import { useFormat } from '../../i18n/use-format';
import { useRatingSummary } from './api/use-review-queries';
import { useReviewTexts } from './review-texts';

/**
 * The rating summary (SPEC §2): the average to one decimal, the number of ratings, and a bar per
 * star value (5 down to 1) with its share of the ratings. A Tonie nobody has rated shows only
 * that (no '0.0', empty stars and '0 %' bars).
 */
export function RatingSummaryPanel({ summary }: { summary: ReviewSummary }) {
  const texts = useReviewTexts();
  const format = useFormat();
  if (summary.totalRatings === 0) {
    return (
      <Group gap="xs" wrap="nowrap" data-testid="rating-summary">
        <IconStar size={20} aria-hidden style={{ color: 'var(--mantine-color-dimmed)', flexShrink: 0 }} />
        <Text fz="sm" c="dimmed" data-testid="summary-count">
          {texts.noRatingsYet}
        </Text>
      </Group>
    );
  }
  const rows = [...summary.distribution].sort((a, b) => b.stars - a.stars);
  return (
    <Stack gap="sm" data-testid="rating-summary">
      <Group gap="md" align="center" wrap="nowrap">
        <Text fz={44} fw={800} lh={1} data-testid="summary-average">
          {format.rating(summary.averageRating)}
        </Text>
        <Stack gap={4}>
          <Stars value={summary.averageRating} size={20} />
          <Text fz="sm" c="dimmed" data-testid="summary-count">
            {texts.ratingsCount(summary.totalRatings)}
          </Text>
        </Stack>
      </Group>
      <Stack gap={6}>
        {rows.map((row) => (
          <Group key={row.stars} gap="xs" wrap="nowrap">
            <Group gap={2} w={28} justify="flex-end" wrap="nowrap" aria-hidden>
              <Text fz="xs" fw={600}>
                {row.stars}
              </Text>
              <IconStarFilled size={11} style={{ color: 'var(--mantine-color-yellow-6)' }} />
            </Group>
            <Progress
              value={row.percentage}
              color="yellow"
              size="md"
              radius="xl"
              style={{ flex: 1 }}
              aria-label={texts.distributionRow(row.stars, Math.round(row.percentage), row.count)}
            />
            <Text fz="xs" c="dimmed" w={36} ta="right" aria-hidden>
              {texts.percent(Math.round(row.percentage))}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** A Tonie's rating summary as its details show it: the panel, or its shape while it loads. */
export function TonieRatingSummary({ tonieId }: { tonieId: number }) {
  const texts = useReviewTexts();
  const summary = useRatingSummary(tonieId);
  return (
    <Box aria-label={texts.ratingSummary} role="group">
      {summary.data ? <RatingSummaryPanel summary={summary.data} /> : <SummarySkeleton />}
    </Box>
  );
}

function SummarySkeleton() {
  return (
    <Stack gap="sm">
      <Group gap="md">
        <Skeleton h={44} w={64} />
        <Stack gap={6}>
          <Skeleton h={18} w={110} />
          <Skeleton h={12} w={80} />
        </Stack>
      </Group>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} h={10} radius="xl" />
      ))}
    </Stack>
  );
}
