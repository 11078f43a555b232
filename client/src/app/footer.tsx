import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CommunityAnchor } from '../features/legal/community-anchor';
import { useShellTexts } from '../i18n/shell-texts';
import { useCommunityLinks } from '../features/legal/use-site-info';
import { ROUTES } from '../lib/links';
import classes from './layout.module.css';

/**
 * The footer of every page (SPEC §2): copyright, the fan-made note, help links. 'Feedback' opens
 * the contact form (or the operator's community place when COMMUNITY_URL is set); 'Report
 * content', the terms, the imprint and the privacy policy are there too.
 */
export function Footer() {
  const year = new Date().getFullYear();
  const community = useCommunityLinks();
  const { shell } = useShellTexts();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6} maw={620}>
            <Text size="sm" fw={700}>
              {shell.copyright(year)}
            </Text>
            <Text size="xs" c="dimmed">
              {shell.fanNote}
            </Text>
          </Stack>
          <Group gap="lg" component="nav" aria-label={shell.footerNav} className={classes.footerLinks}>
            <Anchor component={Link} to={ROUTES.faq}>
              {shell.footerHelp}
            </Anchor>
            <CommunityAnchor link={community.feedback}>{shell.footerFeedback}</CommunityAnchor>
            <Anchor component={Link} to={ROUTES.report}>
              {shell.footerReport}
            </Anchor>
            <Anchor component={Link} to={ROUTES.disclaimer}>
              {shell.footerDisclaimer}
            </Anchor>
            <Anchor component={Link} to={ROUTES.terms}>
              {shell.footerTerms}
            </Anchor>
            <Anchor component={Link} to={ROUTES.imprint}>
              {shell.footerImprint}
            </Anchor>
            <Anchor component={Link} to={ROUTES.privacy}>
              {shell.footerPrivacy}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
