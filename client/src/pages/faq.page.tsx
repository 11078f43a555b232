import type { ReactNode } from 'react';
import { Accordion, Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBug, IconExternalLink, IconMessageHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { trackEvent } from '../lib/analytics';
import { useHelpTexts } from '../features/legal/help-texts';
import { useCommunityLinks } from '../features/legal/use-site-info';
import type { CommunityLink } from '../features/legal/use-site-info';
import { useShellTexts } from '../i18n/shell-texts';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { richText } from '../lib/rich-text';

/** The links the answers mark. */
const ANSWER_LINKS: Record<string, (children: string) => ReactNode> = {
  catalog: (children) => (
    <Anchor component={Link} to={ROUTES.catalog}>
      {children}
    </Anchor>
  ),
  disclaimer: (children) => (
    <Anchor component={Link} to={ROUTES.disclaimer}>
      {children}
    </Anchor>
  ),
  report: (children) => (
    <Anchor component={Link} to={ROUTES.report}>
      {children}
    </Anchor>
  ),
};

interface CommunityCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  action: string;
  link: CommunityLink;
  linkName: string;
}

/** A card whose button opens the contact form, or the community's place (a new tab) when COMMUNITY_URL is set. */
function CommunityCard({ icon, title, description, action, link, linkName }: CommunityCardProps) {
  const buttonLook = { variant: 'light', size: 'sm', w: 'fit-content', mt: 4 } as const;
  return (
    <Card withBorder padding="lg" bg="var(--tonieshelf-surface)">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1 }}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {link.external ? (
            <Button
              component="a"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              {...buttonLook}
              rightSection={<IconExternalLink size={14} aria-hidden />}
              onClick={() => trackEvent('faq_external_link', { link: linkName, url: link.href })}
            >
              {action}
            </Button>
          ) : (
            <Button component={Link} to={link.href} {...buttonLook} rightSection={<IconArrowRight size={14} aria-hidden />}>
              {action}
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** /faq (SPEC §2). */
export function FaqPage() {
  const shell = useShellTexts();
  const texts = useHelpTexts().faq;
  usePageTitle(shell.nav.faq);
  const community = useCommunityLinks();
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={shell.pages.faq.title} subtitle={texts.subtitle} />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="xl">
        <CommunityCard
          icon={<IconBug size={22} aria-hidden />}
          title={texts.bugTitle}
          description={texts.bugText}
          action={texts.bugAction}
          link={community.bug}
          linkName="report_bug"
        />
        <CommunityCard
          icon={<IconMessageHeart size={22} aria-hidden />}
          title={texts.feedbackTitle}
          description={texts.feedbackText}
          action={texts.feedbackAction}
          link={community.feedback}
          linkName="share_feedback"
        />
      </SimpleGrid>

      <Accordion variant="separated" radius="lg" chevronPosition="right" order={2}>
        {texts.items.map((item) => (
          <Accordion.Item key={item.value} value={item.value} bg="var(--tonieshelf-surface)">
            <Accordion.Control>
              <Text component="span" fw={600}>
                {item.question}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" lh={1.65}>
                {richText(item.answer, ANSWER_LINKS)}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
