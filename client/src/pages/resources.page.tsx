import { Alert, Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconInfoCircle, IconMessageHeart, IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { resourcesFor } from '../features/resources/listening-resources';
import type { ListeningResourceId } from '../features/resources/listening-resources';
import { useResourcesTexts } from '../features/resources/resources-texts';
import { CommunityAnchor } from '../features/legal/community-anchor';
import { useCommunityLinks } from '../features/legal/use-site-info';
import { useShellTexts } from '../i18n/shell-texts';
import { useLanguage } from '../i18n/use-language';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';
import { richText } from '../lib/rich-text';

function ResourceCard({ id, url }: { id: ListeningResourceId; url: string }) {
  const texts = useResourcesTexts();
  const resource = texts.resources[id];
  return (
    <Card withBorder padding="lg" bg="var(--tonieshelf-surface)" component="article">
      <Stack gap="sm" h="100%">
        <Text size="xs" fw={700} tt="uppercase" c="var(--tonieshelf-accent-text)">
          {resource.kind}
        </Text>
        <Title order={3} fz="xl">
          {resource.title}
        </Title>
        <Text size="sm">{resource.description}</Text>
        <Text size="xs" c="dimmed">
          {texts.source(resource.source)}
        </Text>
        <Group gap={6}>
          {resource.tags.map((tag) => (
            <Badge key={tag} variant="light" color="gray" tt="none" fw={600}>
              {tag}
            </Badge>
          ))}
        </Group>
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          mt="auto"
          w="fit-content"
          rightSection={<IconExternalLink size={14} aria-hidden />}
          aria-label={texts.visitLabel(resource.title)}
        >
          {texts.visit}
        </Button>
      </Stack>
    </Card>
  );
}

/** /resources (SPEC §2); the German interface lists German public children's audio first. */
export function ResourcesPage() {
  const shell = useShellTexts();
  const texts = useResourcesTexts();
  usePageTitle(shell.nav.resources);
  const community = useCommunityLinks();
  const { language } = useLanguage();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader above={<BackLink />} title={shell.pages.resources.title} subtitle={texts.subtitle} />

      <Text mb="xl" maw={760} lh={1.65}>
        {texts.intro}
      </Text>

      <Title order={2} fz="h3" mb="md">
        {texts.whereToFind}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="xl">
        {resourcesFor(language).map((resource) => (
          <ResourceCard key={resource.id} id={resource.id} url={resource.url} />
        ))}
      </SimpleGrid>

      <Stack gap="md">
        <Alert variant="light" color="teal" radius="lg" icon={<IconMessageHeart size={20} aria-hidden />} title={texts.communityTitle}>
          {richText(texts.community, {
            tell: (children) => (
              <CommunityAnchor link={community.feedback} inherit fw={600}>
                {children}
              </CommunityAnchor>
            ),
          })}
        </Alert>
        <Alert variant="light" color="gray" radius="lg" icon={<IconScale size={20} aria-hidden />} title={texts.copyrightTitle}>
          {richText(texts.copyright, {
            disclaimer: (children) => (
              <Anchor component={Link} to={ROUTES.disclaimer} inherit fw={600}>
                {children}
              </Anchor>
            ),
          })}
        </Alert>
      </Stack>
      <Group mt="md" gap={6} c="dimmed">
        <IconInfoCircle size={14} aria-hidden />
        <Text size="xs">{texts.notConnected}</Text>
      </Group>
    </Container>
  );
}
