import type { ReactNode } from 'react';
import { Accordion, Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBug, IconExternalLink, IconMessageHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { trackEvent } from '../lib/analytics';
import { useCommunityLinks } from '../features/legal/use-site-info';
import type { CommunityLink } from '../features/legal/use-site-info';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

const FAQ_ITEMS: { value: string; question: string; answer: ReactNode }[] = [
  {
    value: 'what-is-tonieshelf',
    question: 'What is TonieShelf?',
    answer: (
      <>
        TonieShelf is a community site made by Tonie fans, for Tonie fans. You can browse a catalogue of
        Tonies, see how other families liked them, leave your own ratings and reviews, and share audio you
        have made for your Creative Tonies. It is free to use, and every review comes from a real listener.
      </>
    ),
  },
  {
    value: 'submit-review',
    question: 'How do I submit a review?',
    answer: (
      <>
        Sign in, find the Tonie in the <Anchor component={Link} to={ROUTES.catalog}>catalogue</Anchor> and
        open its details. Press the 'Add Review' button, pick between one and five stars, and add a few words
        about what your family thought if you like. You can also attach tags. Each account can review a Tonie
        once, so take your time.
      </>
    ),
  },
  {
    value: 'tags',
    question: 'What are tags?',
    answer: (
      <>
        Tags are short labels such as "bedtime", "sing-along" or "great for long car rides" that say what a
        Tonie is like. You can add them when you write a review, and use 'Filter by Tags' in the catalogue to
        find Tonies that carry all the tags you picked. Shared audio has tags too, which makes it easier to
        find something for the right moment.
      </>
    ),
  },
  {
    value: 'affiliation',
    question: 'Is TonieShelf part of the company that makes the Toniebox?',
    answer: (
      <>
        No. TonieShelf is an independent fan project. It is not affiliated with, endorsed by or sponsored by
        the maker of the Toniebox, and we do not sell anything. Tonies, Toniebox and Creative Tonies are
        trademarks of their respective owners. For questions about your box, your account with the maker or
        an order, please contact their customer support. See our{' '}
        <Anchor component={Link} to={ROUTES.disclaimer}>
          disclaimer
        </Anchor>{' '}
        for the details.
      </>
    ),
  },
  {
    value: 'get-involved',
    question: 'How can I get involved?',
    answer: (
      <>
        The easiest way is to rate and review the Tonies your family knows: every review helps another parent
        choose. You can also share audio you recorded yourself (or have the rights to) for Creative Tonies,
        suggest good tags, and tell us what to improve with 'Share Feedback'. Spotted a bug? The 'Report a
        Bug' card above takes you straight there. Found something on TonieShelf that should not be here?
        Use 'Report' on it, or the <Anchor component={Link} to={ROUTES.report}>report form</Anchor>.
      </>
    ),
  },
];

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
  usePageTitle('FAQ');
  const community = useCommunityLinks();
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader
        above={<BackLink />}
        title={PAGE_TEXTS.faq.title}
        subtitle="Answers to the questions we hear most. Can't find yours? Ask us."
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="xl">
        <CommunityCard
          icon={<IconBug size={22} aria-hidden />}
          title="Report a Bug"
          description="Something not working as it should? Tell us what happened and we will look into it."
          action="Report a bug"
          link={community.bug}
          linkName="report_bug"
        />
        <CommunityCard
          icon={<IconMessageHeart size={22} aria-hidden />}
          title="Share Feedback"
          description="Ideas, wishes or something you love? Share them with us and the community. We read everything."
          action="Share feedback"
          link={community.feedback}
          linkName="share_feedback"
        />
      </SimpleGrid>

      <Accordion variant="separated" radius="lg" chevronPosition="right" order={2}>
        {FAQ_ITEMS.map((item) => (
          <Accordion.Item key={item.value} value={item.value} bg="var(--tonieshelf-surface)">
            <Accordion.Control>
              <Text component="span" fw={600}>
                {item.question}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" lh={1.65}>
                {item.answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
