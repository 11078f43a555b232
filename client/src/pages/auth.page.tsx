import { useState } from 'react';
import { Center, Container, Grid, Loader, Paper, Tabs } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { AuthSidePanel } from '../features/auth/auth-side-panel';
import { useAuthTexts } from '../features/auth/auth-texts';
import { useShellTexts } from '../i18n/shell-texts';
import { LoginForm } from '../features/auth/login-form';
import { safeNextPath } from '../lib/next-path';
import { RegisterForm } from '../features/auth/register-form';
import { SecondStepForm } from '../features/auth/second-step-form';
import { useCurrentUser } from '../lib/use-current-user';
import { usePageTitle } from '../lib/page-title';

type AuthTab = 'login' | 'register';

/**
 * /auth (SPEC §2): Login and Register tabs, or the code form while a sign-in waits for its
 * second step. A signed-in user (already, or just now) goes on to ?next= (a path of this site)
 * or to '/'.
 */
export function AuthPage() {
  const pages = useShellTexts().pages;
  const texts = useAuthTexts();
  usePageTitle(pages.auth.title);
  const { user, pendingUser, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<AuthTab>(searchParams.get('tab') === 'register' ? 'register' : 'login');
  const next = safeNextPath(searchParams.get('next'));

  if (user) return <Navigate to={next} replace />;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={pages.auth.title} subtitle={texts.authSubtitle} />
      {isLoading ? (
        <Center py={80}>
          <Loader role="status" aria-label={texts.loadingAccount} />
        </Center>
      ) : (
        <Grid gap="xl" align="stretch">
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="md">
            <AuthSidePanel />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {pendingUser ? (
              <SecondStepForm me={pendingUser} />
            ) : (
              <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="var(--tonieshelf-surface)">
                <Tabs value={tab} onChange={(value) => setTab(value === 'register' ? 'register' : 'login')}>
                  <Tabs.List grow mb="lg">
                    <Tabs.Tab value="login">{texts.loginTab}</Tabs.Tab>
                    <Tabs.Tab value="register">{texts.registerTab}</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="login">
                    <LoginForm />
                  </Tabs.Panel>
                  <Tabs.Panel value="register">
                    <RegisterForm />
                  </Tabs.Panel>
                </Tabs>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
