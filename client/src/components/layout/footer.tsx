import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@tonieshelf/shared/constants';
import { SHELL_TEXTS } from '@tonieshelf/shared/messages';
import { CommunityAnchor } from '../../features/legal/community-anchor';
import { LEGAL_TEXTS } from '../../features/legal/legal-texts';
import { useCommunityLinks } from '../../features/legal/use-site-info';
import { ROUTES } from '../../lib/links';
import classes from './layout.module.css';

/**
 * The footer of every page (SPEC §2): copyright, the fan-made note, help links. 'Feedback' opens
 * the contact form (or the operator's community place when COMMUNITY_URL is set); 'Report
 * content', the terms and the imprint are there too.
 */
export function Footer() {
  const year = new Date().getFullYear();
  const community = useCommunityLinks();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6} maw={620}>
            <Text size="sm" fw={700}>
              © {year} {PRODUCT_NAME}
            </Text>
            <Text size="xs" c="dimmed">
              {PRODUCT_NAME} is a fan-made community project. It is not affiliated with, endorsed by or
              sponsored by the maker of the Toniebox. Tonies, Toniebox and Creative Tonies are trademarks
              of their respective owners.
            </Text>
          </Stack>
          <Group gap="lg" component="nav" aria-label="Footer" className={classes.footerLinks}>
            <Anchor component={Link} to={ROUTES.faq}>
              {SHELL_TEXTS.footerHelp}
            </Anchor>
            <CommunityAnchor link={community.feedback}>{SHELL_TEXTS.footerFeedback}</CommunityAnchor>
            <Anchor component={Link} to={ROUTES.report}>
              {LEGAL_TEXTS.footerReport}
            </Anchor>
            <Anchor component={Link} to={ROUTES.disclaimer}>
              {SHELL_TEXTS.footerDisclaimer}
            </Anchor>
            <Anchor component={Link} to={ROUTES.terms}>
              {LEGAL_TEXTS.footerTerms}
            </Anchor>
            <Anchor component={Link} to={ROUTES.imprint}>
              {LEGAL_TEXTS.footerImprint}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
