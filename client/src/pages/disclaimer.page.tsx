import type { ReactNode } from 'react';
import { Anchor, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { COPYRIGHT_NOTICE_PATH, ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

const SECTIONS: { title: string; body: ReactNode }[] = [
  {
    title: 'Content Disclaimer',
    body: (
      <>
        TonieShelf is a fan-made community site. The information here, including Tonie descriptions,
        tracklists, running times and age ranges, is collected with care but may be incomplete, out of date or
        wrong. It is offered as it is, for general information only. Please check with the official source
        before you rely on it, for example before you buy something.
      </>
    ),
  },
  {
    title: 'User-Generated Content',
    body: (
      <>
        Ratings, reviews, tags and shared audio are written and uploaded by members of the community. They are
        the opinions and work of the people who posted them, not of TonieShelf. We do not check every
        contribution before it appears, and we may remove anything that is unlawful, hurtful, misleading or
        unsuitable for a family audience.
      </>
    ),
  },
  {
    title: 'Audio Content',
    body: (
      <>
        Audio files shared on TonieShelf are provided by their uploaders. By sharing a file you confirm that you
        made it yourself or have the right to share it, and that it is suitable for children. Please listen to
        audio before you give it to a child: we cannot promise that every file is accurate, complete or right for
        every age.
      </>
    ),
  },
  {
    title: 'Copyright Infringement',
    body: (
      <>
        We respect the rights of creators. Uploading music, audiobooks, radio plays or other recordings that you
        do not have the rights to is not allowed. If you believe something on TonieShelf infringes your
        copyright, tell us with the{' '}
        <Anchor component={Link} to={COPYRIGHT_NOTICE_PATH} inherit fw={600}>
          copyright report form
        </Anchor>{' '}
        (or the 'Report' action on the file itself) with a link to the content and a short explanation. You do
        not need an account. You get a reference number by email, we remove the content promptly where the
        claim is valid, and we tell you the outcome. How we handle reports is explained in our{' '}
        <Anchor component={Link} to={`${ROUTES.terms}#moderation`} inherit fw={600}>
          terms of use
        </Anchor>
        .
      </>
    ),
  },
  {
    title: 'No Liability',
    body: (
      <>
        TonieShelf is run by volunteers and provided free of charge, without any warranty. To the extent the law
        allows, we are not liable for any loss or damage that comes from using the site, from relying on its
        information, or from content or files posted by other users or found through external links.
      </>
    ),
  },
  {
    title: 'No Affiliation',
    body: (
      <>
        TonieShelf is an independent fan project. It is not affiliated with, endorsed by or sponsored by the
        maker of the Toniebox or any of its partners. Tonies, Toniebox, Creative Tonies and all related names,
        characters and logos are trademarks of their respective owners and are mentioned here only to describe
        the products our community talks about.
      </>
    ),
  },
  {
    title: 'Changes to Disclaimer',
    body: (
      <>
        We may update this disclaimer as TonieShelf grows. The current version is always the one on this page,
        and by continuing to use the site you accept it. Questions? Have a look at the{' '}
        <Anchor component={Link} to={ROUTES.faq} inherit fw={600}>
          FAQ
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to={ROUTES.imprint} inherit fw={600}>
          contact us
        </Anchor>
        .
      </>
    ),
  },
];

/** /disclaimer (SPEC §2); its title is 'Disclaimer | TonieShelf'. */
export function DisclaimerPage() {
  usePageTitle(PAGE_TEXTS.disclaimer.title);
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader
        above={<BackLink />}
        title={PAGE_TEXTS.disclaimer.title}
        subtitle="The fine print, in plain words"
      />
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--tonieshelf-surface)">
        <Stack gap="lg">
          {SECTIONS.map((section, index) => (
            <section key={section.title} aria-labelledby={`disclaimer-${index}`}>
              {index > 0 ? <Divider mb="lg" /> : null}
              <Title order={2} fz="h4" mb="xs" id={`disclaimer-${index}`}>
                {section.title}
              </Title>
              <Text size="sm" lh={1.7}>
                {section.body}
              </Text>
            </section>
          ))}
        </Stack>
      </Paper>
      <Anchor component={Link} to={ROUTES.home} fw={600} size="sm" mt="lg" display="inline-block">
        Return to TonieShelf
      </Anchor>
    </Container>
  );
}
