import { Anchor, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { useAccountTexts } from '../features/account/account-texts';
import { DeleteAccountCard } from '../features/account/delete-account-card';
import { EmailCard } from '../features/account/email-card';
import { ExportCard } from '../features/account/export-card';
import { ProfileSettingsCard } from '../features/profiles/profile-settings-card';
import { useCurrentUser } from '../lib/use-current-user';
import { ROUTES } from '../lib/links';
import { usePageTitle } from '../lib/page-title';

/**
 * /account (a protected route): the email address (verified or not, changing it), the public
 * profile's settings, 'Download my data' and 'Delete my account'. Security settings live on /account/security.
 */
export function AccountPage() {
  const texts = useAccountTexts();
  usePageTitle(texts.account);
  const { user } = useCurrentUser();

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={texts.account} subtitle={user ? texts.accountSubtitle(user.username, user.email) : undefined} />
      <Stack gap="lg">
        <EmailCard />
        <ProfileSettingsCard username={user?.username ?? null} />
        <ExportCard />
        <DeleteAccountCard email={user?.email ?? ''} />
        <Text size="sm" c="dimmed">
          {texts.securityLinkText}{' '}
          <Anchor component={Link} to={ROUTES.accountSecurity} inherit>
            {texts.securityLink}
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
