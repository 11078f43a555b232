import { Alert, Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconInfoCircle, IconMessageHeart, IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CREATIVE_TONIE_MAX_SECONDS } from '@tonieshelf/shared/constants';
import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import type { ListeningResource } from '../features/resources/listening-resources';
import { LISTENING_RESOURCES } from '../features/resources/listening-resources';
import { CommunityAnchor } from '../features/legal/community-anchor';
import { useCommunityLinks } from '../features/legal/use-site-info';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

const MAX_MINUTES = CREATIVE_TONIE_MAX_SECONDS / 60;

function ResourceCard({ resource }: { resource: ListeningResource }) {
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
          Source: {resource.source}
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
          href={resource.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          mt="auto"
          w="fit-content"
          rightSection={<IconExternalLink size={14} aria-hidden />}
          aria-label={`Visit Resource: ${resource.title}`}
        >
          Visit Resource
        </Button>
      </Stack>
    </Card>
  );
}

/** /resources (SPEC §2). */
export function ResourcesPage() {
  usePageTitle('Resources');
  const community = useCommunityLinks();
  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader
        above={<BackLink />}
        title={PAGE_TEXTS.resources.title}
        subtitle="Good things to listen to, and to put on your Creative Tonies"
      />

      <Text mb="xl" maw={760} lh={1.65}>
        A Creative Tonie holds up to {MAX_MINUTES} minutes of audio that you choose yourself: your own voice
        reading a favourite book, songs recorded with grandma, or stories and music from places like the ones
        below. Each one is free to listen to. Check a source’s terms before you copy anything onto a Tonie.
      </Text>

      <Title order={2} fz="h3" mb="md">
        Where to find great audio
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="xl">
        {LISTENING_RESOURCES.map((resource) => (
          <ResourceCard key={resource.id} resource={resource} />
        ))}
      </SimpleGrid>

      <Stack gap="md">
        <Alert variant="light" color="teal" radius="lg" icon={<IconMessageHeart size={20} aria-hidden />} title="Community recommendations">
          Know another place for free, kid-friendly audio?{' '}
          <CommunityAnchor link={community.feedback} inherit fw={600}>
            Tell us about it
          </CommunityAnchor>{' '}
          and we will add the best suggestions to this page.
        </Alert>
        <Alert variant="light" color="gray" radius="lg" icon={<IconScale size={20} aria-hidden />} title="A note on copyright">
          The resources above are run by others and have their own terms of use. Only copy audio to a Creative
          Tonie where those terms allow it, and keep it for your family’s personal listening. Please share audio
          on TonieShelf only if you made it yourself or have the rights to share it. See our{' '}
          <Anchor component={Link} to={ROUTES.disclaimer} inherit fw={600}>
            disclaimer
          </Anchor>{' '}
          for more.
        </Alert>
      </Stack>
      <Group mt="md" gap={6} c="dimmed">
        <IconInfoCircle size={14} aria-hidden />
        <Text size="xs">TonieShelf is not connected with these services and gets nothing for linking to them.</Text>
      </Group>
    </Container>
  );
}
