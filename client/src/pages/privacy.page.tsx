import type { ReactNode } from 'react';
import { Anchor, Container, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { SiteInfo } from '@tonieshelf/shared/schemas/moderation';
import { BackLink } from '../components/back-link';
import { NumberedSections } from '../components/numbered-sections';
import { PageHeader } from '../components/page-header';
import { PRIVACY_SECTIONS, type PrivacySectionId, usePrivacyTexts } from '../features/legal/privacy-texts';
import { useSiteInfo } from '../features/legal/use-site-info';
import { ACCOUNT_ROUTES } from '../lib/account-routes';
import { FEEDBACK_PATH, ROUTES } from '../lib/links';
import { useScrollToHash } from '../lib/use-scroll-to-hash';
import { usePageTitle } from '../lib/page-title';
import { richText } from '../lib/rich-text';

/** The links and emphasis the texts mark. */
const PARTS: Record<string, (children: string) => ReactNode> = {
  account: (children) => (
    <Anchor component={Link} to={ACCOUNT_ROUTES.account} inherit>
      {children}
    </Anchor>
  ),
  imprint: (children) => (
    <Anchor component={Link} to={ROUTES.imprint} inherit>
      {children}
    </Anchor>
  ),
  contact: (children) => (
    <Anchor component={Link} to={FEEDBACK_PATH} inherit>
      {children}
    </Anchor>
  ),
  controller: (children) => (
    <Anchor href="#controller" inherit>
      {children}
    </Anchor>
  ),
  b: (children) => <b>{children}</b>,
};

const rich = (text: string) => richText(text, PARTS);

/** Named and reachable: a name and a postal address or an email (as the imprint asks). */
function named(operator: SiteInfo['operator']): boolean {
  return Boolean(operator.name?.trim() && (operator.address?.trim() || operator.email?.trim()));
}

/** Who is responsible: the operator from the imprint settings, or how to reach them until they are named. */
function Controller({ info }: { info: ReturnType<typeof useSiteInfo> }) {
  const texts = usePrivacyTexts();
  if (info.isPending) return <Loader size="sm" role="status" aria-label={texts.loading} />;
  const operator = info.data?.operator;
  if (!operator) return <Text fz="sm">{rich(texts.operatorLoadFailed)}</Text>;
  if (!named(operator)) {
    return (
      <Text fz="sm" data-testid="privacy-operator-missing">
        {rich(texts.controllerMissing)}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text fz="sm">{texts.controllerIntro}</Text>
      <Text fz="sm" fw={600} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="privacy-operator">
        {[operator.name, operator.address, operator.email].filter(Boolean).join('\n')}
      </Text>
      <Text fz="sm">{rich(texts.controllerContact)}</Text>
    </Stack>
  );
}

function Paragraphs({ items }: { items: readonly string[] }) {
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <Text key={item} fz="sm" lh={1.6}>
          {rich(item)}
        </Text>
      ))}
    </Stack>
  );
}

/** What is stored, one block per kind: what it is, why, the legal basis, how long. */
function Stored() {
  const texts = usePrivacyTexts();
  return (
    <Stack gap="md">
      <Text fz="sm">{texts.storedIntro}</Text>
      {texts.stored.map((item) => (
        <Paper key={item.id} withBorder p="md" radius="md" component="section" aria-labelledby={`stored-${item.id}`}>
          <Title order={3} fz="md" mb={4} id={`stored-${item.id}`}>
            {item.what}
          </Title>
          <Text fz="sm" lh={1.6} mb="xs">
            {item.details}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" component="dl" m={0}>
            {[
              [texts.why, item.why],
              [texts.basis, item.basis],
              [texts.howLong, item.howLong],
            ].map(([label, value]) => (
              <div key={label}>
                <Text component="dt" fz="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
                  {label}
                </Text>
                <Text component="dd" fz="sm" lh={1.5} m={0}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * /privacy: the privacy policy (Datenschutzerklärung). The words are the same on every install; the
 * operator comes from the imprint settings and their own additions from PRIVACY_EXTRA (site.info).
 * Each section is an <h2 id=…>, so /privacy#rights can be linked.
 */
export function PrivacyPage() {
  const texts = usePrivacyTexts();
  usePageTitle(texts.title);
  const info = useSiteInfo();
  const extra = info.data?.privacyExtra?.trim() || null;
  const sections = PRIVACY_SECTIONS.filter((id) => id !== 'operator' || extra);
  useScrollToHash();

  const body: Record<PrivacySectionId, ReactNode> = {
    controller: <Controller info={info} />,
    stored: <Stored />,
    browser: <Paragraphs items={texts.browser} />,
    recipients: <Paragraphs items={texts.recipients} />,
    rights: (
      <Stack gap="xs">
        <Text fz="sm">{texts.rightsIntro}</Text>
        <List size="sm" spacing={6} lh={1.6} withPadding>
          {texts.rights.map((right) => (
            <List.Item key={right}>{rich(right)}</List.Item>
          ))}
        </List>
        <Text fz="sm">{rich(texts.rightsHow)}</Text>
      </Stack>
    ),
    export: <Paragraphs items={texts.export} />,
    operator: (
      <Text fz="sm" lh={1.6} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="privacy-extra">
        {extra}
      </Text>
    ),
    changes: <Text fz="sm">{texts.changes}</Text>,
  };

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={texts.title} subtitle={texts.subtitle} />
      <Text mb="lg" maw={760} lh={1.65}>
        {texts.intro}
      </Text>
      <NumberedSections contentsLabel={texts.contents} sections={sections.map((id) => ({ id, title: texts.sections[id], body: body[id] }))} />
    </Container>
  );
}
