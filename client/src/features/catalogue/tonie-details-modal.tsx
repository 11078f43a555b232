import { memo, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Badge, Box, Divider, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import type { Tonie } from '@tonieshelf/shared/schemas/tonie';
import { toast } from '../../lib/toast';
import classes from './catalogue.module.css';
import { useCatalogueToasts } from './catalogue-texts';
import { useTonieDetailsTexts } from './tonie-details-texts';
import { seriesHref } from './catalogue-params';
import { useFormat } from '../../i18n/use-format';
import { useTonie } from './api/use-catalogue-queries';
import { categoryName } from './category-name';
import { tagLabel } from './tonie-format';
import { langAttribute, languageName } from '../../lib/language-names';
import { TonieImage } from './tonie-image';

/**
 * What the page adds to a Tonie's details from other features: the shelf toggles, the rating
 * summary and the reviews (with the rating form). Stable functions (the body is memoised on them).
 */
export interface TonieDetailsParts {
  shelfToggles: (tonieId: number) => ReactNode;
  summary: (tonieId: number) => ReactNode;
  reviews: (tonieId: number) => ReactNode;
}

export interface TonieDetailsModalProps {
  /** The Tonie to show; null keeps the dialog closed. */
  tonieId: number | null;
  /**
   * A Tonie to render while the dialog is still closed (hidden), so that opening it for this
   * Tonie only shows what is already there.
   */
  preparedId?: number | null;
  onClose: () => void;
  parts: TonieDetailsParts;
}

/**
 * A Tonie's details over the list (SPEC §2), driven by tonieId in the address: name, picture,
 * rating summary, description, tracklist, tags, facts, product link, the rating form and the
 * reviews. Full screen on small screens.
 */
export function TonieDetailsModal({ tonieId, preparedId = null, onClose, parts }: TonieDetailsModalProps) {
  const texts = useTonieDetailsTexts();
  const smallScreen = useMediaQuery('(max-width: 48em)') ?? false;
  // Keep the last id while the closing transition runs, so the content does not vanish first.
  const [shownId, setShownId] = useState(tonieId);
  useEffect(() => {
    if (tonieId !== null) setShownId(tonieId);
  }, [tonieId]);
  const id = tonieId ?? preparedId ?? shownId;
  // Kept mounted from the moment a Tonie is prepared until the dialog has closed again; a dialog
  // opened by a click mounts its content as it opens and unmounts it once closed, as Mantine does.
  const [keep, setKeep] = useState(false);
  useEffect(() => {
    if (preparedId !== null) setKeep(true);
  }, [preparedId]);
  const keepMounted = keep || preparedId !== null;

  // A prepared Tonie's content is rendered ahead into the closed dialog (hidden), and opening shows
  // it without rendering it again (the title and body are memoised on their id). Opened with the
  // content still to render, Mantine's transition renders it all in one animation frame: ~330 ms
  // of a phone's main thread for a Tonie with reviews.
  return (
    <Modal
      keepMounted={keepMounted}
      keepMountedMode="display-none"
      opened={tonieId !== null}
      onClose={onClose}
      size="xl"
      fullScreen={smallScreen}
      radius={smallScreen ? 0 : 'lg'}
      padding={smallScreen ? 'md' : 'xl'}
      transitionProps={{ transition: smallScreen ? 'fade' : 'pop', duration: 150 }}
      closeButtonProps={{ 'aria-label': texts.closeDetails }}
      title={id !== null ? <DetailsTitle tonieId={id} /> : null}
      styles={{ title: { flex: 1, minWidth: 0 }, header: { alignItems: 'flex-start' } }}
      onExitTransitionEnd={() => {
        setShownId(null);
        setKeep(false);
      }}
    >
      {id !== null ? <DetailsBody key={id} tonieId={id} parts={parts} /> : null}
    </Modal>
  );
}

/**
 * The dialog's title: Mantine renders it as the dialog's h2 (and names the dialog by it), so
 * this is only its text, no heading of its own.
 */
const DetailsTitle = memo(function DetailsTitle({ tonieId }: { tonieId: number }) {
  const tonie = useTonie(tonieId);
  const toasts = useCatalogueToasts();
  if (tonie.data) {
    return (
      <Text span inherit fz={{ base: 'h3', sm: 'h2' }} className={classes.wrap} lang={langAttribute(tonie.data.language)} data-testid="details-title">
        {tonie.data.name}
      </Text>
    );
  }
  if (tonie.isError) {
    return (
      <Text span inherit fz="h3">
        {toasts.error}
      </Text>
    );
  }
  return <Skeleton h={28} w="60%" mt={4} />;
});

const DetailsBody = memo(function DetailsBody({ tonieId, parts }: { tonieId: number; parts: TonieDetailsParts }) {
  const texts = useTonieDetailsTexts();
  const toasts = useCatalogueToasts();
  const { locale } = useFormat();
  const tonie = useTonie(tonieId);

  // SPEC §8: one toast when the details fail to load (the reviews say so for theirs).
  useEffect(() => {
    if (tonie.isError) toast({ title: toasts.error, message: toasts.detailsFailed, variant: 'destructive' });
  }, [tonie.isError]); // once per failure (not again when only the language changes)

  if (tonie.isError) {
    const notFound = (tonie.error as { data?: { code?: string } | null }).data?.code === 'NOT_FOUND';
    return (
      <Text c="dimmed" py="xl" ta="center">
        {notFound ? texts.notFound : toasts.detailsFailed}
      </Text>
    );
  }

  return (
    <Stack gap="xl" data-testid="tonie-details">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Box style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}>
          {tonie.data ? (
            <TonieImage
              id={tonie.data.id}
              src={tonie.data.image}
              name={tonie.data.name}
              category={tonie.data.category}
              height={smallHeight}
              iconSize={72}
              loading="eager"
              // The dialog's picture is the largest thing in view (the page's largest paint when
              // the address opens the dialog): fetched before the list's pictures behind it.
              fetchPriority="high"
            />
          ) : (
            <Skeleton h={smallHeight} radius="lg" />
          )}
        </Box>
        <Stack gap="md" justify="center">
          {tonie.data ? (
            <Group gap="xs">
              <Badge variant="light">{categoryName(tonie.data.category, texts)}</Badge>
              {tonie.data.language ? (
                <Badge
                  variant="outline"
                  color="gray"
                  tt="none"
                  fw={500}
                  aria-label={texts.languageBadge(languageName(tonie.data.language, locale)!)}
                  data-testid="details-language"
                >
                  {languageName(tonie.data.language, locale)}
                </Badge>
              ) : null}
              {tonie.data.series ? (
                <Anchor
                  component={Link}
                  to={seriesHref(tonie.data.series)}
                  fz="sm"
                  className={classes.wrap}
                  aria-label={texts.seriesLink(tonie.data.series)}
                  data-testid="details-series"
                >
                  {tonie.data.series}
                </Anchor>
              ) : null}
            </Group>
          ) : (
            <Skeleton h={20} w={120} radius="xl" />
          )}
          {parts.shelfToggles(tonieId)}
          {parts.summary(tonieId)}
        </Stack>
      </SimpleGrid>

      {tonie.data ? <TonieInfo tonie={tonie.data} /> : <InfoSkeleton />}

      <Divider />

      {parts.reviews(tonieId)}
    </Stack>
  );
});

const smallHeight = 260;

function TonieInfo({ tonie }: { tonie: Tonie }) {
  const texts = useTonieDetailsTexts();
  const format = useFormat();
  const lang = langAttribute(tonie.language);
  const facts: { id: string; label: string; value: string | null }[] = [
    { id: 'runtime', label: texts.runtime, value: tonie.runtime != null && tonie.runtime > 0 ? texts.runtimeMinutes(Math.round(tonie.runtime)) : null },
    { id: 'tracks', label: texts.tracks, value: tonie.songCount > 0 ? format.count(tonie.songCount) : null },
    { id: 'language', label: texts.language, value: languageName(tonie.language, format.locale) },
    { id: 'age', label: texts.age, value: tonie.ageMin != null ? texts.ageFrom(tonie.ageMin) : null },
    { id: 'release-date', label: texts.releaseDate, value: tonie.releaseDate ? format.date(tonie.releaseDate, 'UTC') : null },
  ];
  const shownFacts = facts.filter((f): f is { id: string; label: string; value: string } => f.value !== null);

  return (
    <Stack gap="lg">
      {tonie.html_description || tonie.description ? (
        <Section title={texts.description}>
          {tonie.html_description ? (
            // Sanitised by the server (the only HTML the client renders).
            <div className={classes.html} lang={lang} dangerouslySetInnerHTML={{ __html: tonie.html_description }} />
          ) : (
            <Text fz="sm" lh={1.6} style={{ whiteSpace: 'pre-line' }} className={classes.wrap} lang={lang}>
              {tonie.description}
            </Text>
          )}
        </Section>
      ) : null}

      {tonie.html_tracklist ? (
        <Section title={texts.tracklist}>
          <div className={classes.html} lang={lang} data-testid="tracklist" dangerouslySetInnerHTML={{ __html: tonie.html_tracklist }} />
        </Section>
      ) : null}

      {tonie.tags.length > 0 ? (
        <Section title={texts.tags}>
          <Group gap={6}>
            {tonie.tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray" tt="none" fw={500}>
                {tagLabel(tag, texts, format.locale)}
              </Badge>
            ))}
          </Group>
        </Section>
      ) : null}

      {shownFacts.length > 0 || tonie.url ? (
        <Section title={texts.details}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
            {shownFacts.map((fact) => (
              <div key={fact.id}>
                <Text component="dt" fz="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
                  {fact.label}
                </Text>
                <Text component="dd" fz="sm" m={0} data-testid={`fact-${fact.id}`}>
                  {fact.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {tonie.url ? (
            <Anchor href={tonie.url} target="_blank" rel="noopener noreferrer" fz="sm" fw={600} mt="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
              {texts.productPage}
              <IconExternalLink size={14} aria-hidden />
            </Anchor>
          ) : null}
        </Section>
      ) : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={3} fz="sm" tt="uppercase" lts={0.6} c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function InfoSkeleton() {
  return (
    <Stack gap="xs">
      <Skeleton h={12} w={100} />
      <Skeleton h={12} />
      <Skeleton h={12} />
      <Skeleton h={12} w="60%" />
    </Stack>
  );
}
