import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { AppNotifications } from './components/layout/app-notifications';
import { CloseButtonLabels } from './components/layout/close-button-labels';
import { ColorSchemeClassSync } from './components/layout/color-scheme-class-sync';
import { RouteEffects } from './components/layout/route-effects';
import { ACCOUNT_ROUTES } from './features/account/account-routes';
import { LoginRequired } from './features/auth/login-required';
import { authPathWithNext } from './features/auth/next-path';
import { RequireAuth } from './features/auth/require-auth';
import { useShellTexts } from './i18n/shell-texts';
import { darkModeColorSchemeManager } from './lib/color-scheme';
import { ROUTES } from './lib/links';
import { createQueryClient } from './lib/query-client';
import { TRPCProvider, createTrpcClient } from './lib/trpc';
import { AccountPage } from './pages/account.page';
import { AccountSecurityPage } from './pages/account-security.page';
import { AudioDiscoverPage } from './pages/audio-discover.page';
import { AudioLikedPage } from './pages/audio-liked.page';
import { AudioSharingPage } from './pages/audio-sharing.page';
import { AudioUploadPage } from './pages/audio-upload.page';
import { AuthPage } from './pages/auth.page';
import { CatalogPage } from './pages/catalog.page';
import { DecisionPage } from './pages/decision.page';
import { DisclaimerPage } from './pages/disclaimer.page';
import { FaqPage } from './pages/faq.page';
import { ForgotPasswordPage } from './pages/forgot-password.page';
import { HomePage } from './pages/home.page';
import { ImprintPage } from './pages/imprint.page';
import { ModerationPage } from './pages/moderation.page';
import { ProfilePage } from './pages/profile.page';
import { NotFoundPage } from './pages/not-found.page';
import { ReportPage } from './pages/report.page';
import { ResetPasswordPage } from './pages/reset-password.page';
import { ResourcesPage } from './pages/resources.page';
import { SetPage } from './pages/set.page';
import { EditSetPage } from './pages/set-edit.page';
import { NewSetPage } from './pages/set-new.page';
import { SetsPage } from './pages/sets.page';
import { SharedShelfPage } from './pages/shared-shelf.page';
import { ShelvesPage } from './pages/shelves.page';
import { MySetsPage } from './pages/sets-mine.page';
import { TermsPage } from './pages/terms.page';
import { VerifyEmailPage } from './pages/verify-email.page';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = darkModeColorSchemeManager();

/** How long /audio/upload shows 'Login Required' to a signed-out visitor before /auth. */
const UPLOAD_LOGIN_NOTICE_MS = 1500;

/** The route table of SPEC §2. Every page sits in the layout (header and footer). */
function AppRoutes() {
  const texts = useShellTexts();
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={ROUTES.home} element={<HomePage />} />
        <Route path={ROUTES.catalog} element={<CatalogPage />} />
        <Route path={ROUTES.auth} element={<AuthPage />} />
        {/* Reached from the sign-in form and from the account emails' links, signed in or not. */}
        <Route path={ACCOUNT_ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={ACCOUNT_ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route path={ACCOUNT_ROUTES.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={ROUTES.faq} element={<FaqPage />} />
        <Route path={ROUTES.resources} element={<ResourcesPage />} />
        <Route path={ROUTES.disclaimer} element={<DisclaimerPage />} />
        <Route path={ROUTES.report} element={<ReportPage />} />
        <Route path={ROUTES.terms} element={<TermsPage />} />
        <Route path={ROUTES.imprint} element={<ImprintPage />} />
        <Route path={ROUTES.audioSharing} element={<AudioSharingPage />} />
        <Route path={ROUTES.discover} element={<AudioDiscoverPage />} />
        <Route path={ROUTES.sets} element={<SetsPage />} />
        <Route path={ROUTES.set} element={<SetPage />} />
        <Route path={ROUTES.sharedShelf} element={<SharedShelfPage />} />
        <Route path={ROUTES.profile} element={<ProfilePage />} />
        <Route
          path={ROUTES.shelves}
          element={
            <RequireAuth>
              <ShelvesPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTES.mySets}
          element={
            <RequireAuth>
              <MySetsPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTES.newSet}
          element={
            <RequireAuth>
              <NewSetPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTES.editSet}
          element={
            <RequireAuth>
              <EditSetPage />
            </RequireAuth>
          }
        />
        {/* Protected (PRODUCT.md): a spinner while the user loads, then /auth?next=... */}
        <Route
          path={ROUTES.liked}
          element={
            <RequireAuth>
              <AudioLikedPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTES.upload}
          element={
            <RequireAuth
              signedOut={<LoginRequired to={authPathWithNext(ROUTES.upload)} message={texts.shell.uploadLoginMessage} />}
              redirectDelayMs={UPLOAD_LOGIN_NOTICE_MS}
            >
              <AudioUploadPage />
            </RequireAuth>
          }
        />
        <Route
          path={ACCOUNT_ROUTES.account}
          element={
            <RequireAuth>
              <AccountPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTES.accountSecurity}
          element={
            <RequireAuth>
              <AccountSecurityPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTES.moderation}
          element={
            <RequireAuth>
              <ModerationPage />
            </RequireAuth>
          }
        />
        <Route
          path={ROUTES.decision}
          element={
            <RequireAuth>
              <DecisionPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <ColorSchemeClassSync />
      <CloseButtonLabels>
        <AppNotifications />
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <BrowserRouter>
              <ModalsProvider>
                <RouteEffects />
                <AppRoutes />
              </ModalsProvider>
            </BrowserRouter>
          </TRPCProvider>
        </QueryClientProvider>
      </CloseButtonLabels>
    </MantineProvider>
  );
}
