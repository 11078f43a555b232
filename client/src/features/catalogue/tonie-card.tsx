import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LazyTooltip } from '../../components/lazy-widgets';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TonieSummary } from '@tonieshelf/shared/schemas/tonie';
import { Stars } from '../../components/stars';
import { trackEvent } from '../../lib/analytics';
import classes from './catalogue.module.css';
import { useFormat } from '../../i18n/use-format';
import { seriesHref } from './catalogue-params';
import { useCatalogueTexts } from './catalogue-texts';
import { categoryName } from './category-name';
import { splitTags, tagLabel, truncateDescription } from './tonie-format';
import { langAttribute, languageName } from '../../lib/language-names';
import { TonieImage } from './tonie-image';

const IMAGE_HEIGHT = 190;

interface TonieCardProps {
  tonie: TonieSummary;
  /** The address that opens this Tonie's details (the list's filters kept). */
  detailsHref: string;
  /** What the page puts above 'View Details' (the shelf toggles); nothing on read-only pages such as a shared shelf. */
  actions?: ReactNode;
  /** The picture loads at once (the grid's first row) rather than when scrolled near. */
  eagerImage?: boolean;
  /** The picture is fetched first (the grid's first card: likely the largest paint). */
  priorityImage?: boolean;
}

/**
 * A Tonie in the grid (SPEC §2): picture, category badge, name, stars with the average to one
 * decimal and '(n ratings)', the description cut at 150 characters, 3 tags plus '+n', and
 * 'View Details' (with the page's actions above it: the shelf toggles for signed-in users).
 */
export function TonieCard({ tonie, detailsHref, actions, eagerImage = false, priorityImage = false }: TonieCardProps) {
  const texts = useCatalogueTexts();
  const format = useFormat();
  const { shown, more } = splitTags(tonie.tags);
  const titleId = `tonie-card-${tonie.id}`;
  const lang = langAttribute(tonie.language);
  const language = languageName(tonie.language, format.locale);

  return (
    <Card component="article" withBorder padding="md" className={classes.card} aria-labelledby={titleId} data-tonie-id={tonie.id}>
      <Card.Section>
        <TonieImage
          id={tonie.id}
          src={tonie.image}
          name={tonie.name}
          category={tonie.category}
          height={IMAGE_HEIGHT}
          loading={eagerImage ? 'eager' : 'lazy'}
          fetchPriority={priorityImage ? 'high' : 'auto'}
        />
      </Card.Section>

      <div className={classes.cardBody}>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" size="sm" maw="100%" data-testid="category-badge">
            {categoryName(tonie.category, texts)}
          </Badge>
          {language ? (
            <Badge variant="outline" color="gray" size="sm" tt="none" fw={500} maw="100%" aria-label={texts.languageBadge(language)} data-testid="language-badge">
              {language}
            </Badge>
          ) : null}
        </Group>
        <Title order={3} fz="md" lh={1.3} id={titleId} className={classes.wrap} lang={lang}>
          {tonie.name}
        </Title>
        {tonie.series ? (
          <Anchor
            component={Link}
            to={seriesHref(tonie.series)}
            fz="xs"
            c="dimmed"
            className={classes.wrap}
            lang={lang}
            aria-label={texts.seriesLink(tonie.series)}
            data-testid="series-link"
          >
            {tonie.series}
          </Anchor>
        ) : null}

        {tonie.totalRatings > 0 ? (
          <Group gap={6} wrap="nowrap">
            <Stars value={tonie.averageRating} size={16} />
            <Text fz="sm" fw={700} data-testid="average-rating">
              {format.rating(tonie.averageRating)}
            </Text>
            <Text fz="sm" c="dimmed" data-testid="rating-count">
              {texts.ratingsCount(tonie.totalRatings)}
            </Text>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Stars value={0} size={16} />
            <Text fz="sm" c="dimmed" data-testid="no-ratings">
              {texts.noRatingsYet}
            </Text>
          </Group>
        )}

        {tonie.description ? (
          <Text fz="sm" c="dimmed" lh={1.5} className={classes.wrap} lang={lang} data-testid="card-description">
            {truncateDescription(tonie.description)}
          </Text>
        ) : null}

        {tonie.tags.length > 0 ? (
          <Group gap={6} mt={2}>
            {shown.map((tag) => (
              <Badge key={tag} variant="light" color="gray" size="sm" tt="none" fw={500} maw="100%">
                {tagLabel(tag, texts, format.locale)}
              </Badge>
            ))}
            {more > 0 ? (
              <LazyTooltip
                label={tonie.tags
                  .slice(shown.length)
                  .map((t) => tagLabel(t, texts, format.locale))
                  .join(', ')}
                multiline
                maw={260}
                withArrow
              >
                <Badge
                  variant="outline"
                  color="gray"
                  size="sm"
                  tt="none"
                  fw={500}
                  aria-label={texts.moreTags(
                    more,
                    tonie.tags
                      .slice(shown.length)
                      .map((t) => tagLabel(t, texts, format.locale))
                      .join(', '),
                  )}
                >
                  +{more}
                </Badge>
              </LazyTooltip>
            ) : null}
          </Group>
        ) : null}

        <div className={classes.cardFooter}>
          {actions}
          <Button
            component={Link}
            to={detailsHref}
            fullWidth
            variant="light"
            leftSection={<IconInfoCircle size={16} aria-hidden />}
            aria-describedby={titleId}
            onClick={() => trackEvent('view_details', { tonieId: tonie.id, name: tonie.name })}
          >
            {texts.viewDetails}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** A card-shaped placeholder while the list loads. */
export function TonieCardSkeleton() {
  return (
    <Card withBorder padding="md" className={classes.card} aria-hidden>
      <Card.Section>
        <Skeleton h={IMAGE_HEIGHT} radius={0} />
      </Card.Section>
      <Stack gap="xs" pt="md" style={{ flex: 1 }}>
        <Skeleton h={18} w="80%" />
        <Skeleton h={14} w="55%" />
        <Skeleton h={12} />
        <Skeleton h={12} />
        <Skeleton h={12} w="70%" />
        <Group gap={6} mt={4}>
          <Skeleton h={18} w={56} radius="xl" />
          <Skeleton h={18} w={48} radius="xl" />
        </Group>
        <Skeleton h={36} mt="auto" radius="xl" />
      </Stack>
    </Card>
  );
}
