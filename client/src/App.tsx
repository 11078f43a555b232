import { lazy, useState } from 'react';
import type { ComponentType } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppLayout } from './app/app-layout';
import { AppNotifications } from './app/app-notifications';
import { CloseButtonLabels } from './app/close-button-labels';
import { ColorSchemeClassSync } from './app/color-scheme-class-sync';
import { ModalsHost } from './components/modals-host';
import { RouteEffects } from './app/route-effects';
import { ACCOUNT_ROUTES } from './lib/account-routes';
import { LoginRequired } from './features/auth/login-required';
import { authPathWithNext } from './lib/next-path';
import { RequireAuth } from './features/auth/require-auth';
import { useShellTexts } from './i18n/shell-texts';
import { darkModeColorSchemeManager } from './lib/color-scheme';
import { ROUTES } from './lib/links';
import { createQueryClient } from './lib/query-client';
import { TRPCProvider, createTrpcClient } from './lib/trpc';
import { CatalogPage } from './pages/catalog.page';
import { cssVariablesResolver, theme } from './theme';

/**
 * A page whose code loads when its route is first visited (AppLayout's Suspense shows PageFallback
 * meanwhile). Only the catalogue, the most visited page, comes with the first script.
 */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AccountPage = lazyPage(() => import('./pages/account.page'), 'AccountPage');
const AccountSecurityPage = lazyPage(() => import('./pages/account-security.page'), 'AccountSecurityPage');
const AudioDiscoverPage = lazyPage(() => import('./pages/audio-discover.page'), 'AudioDiscoverPage');
const AudioLikedPage = lazyPage(() => import('./pages/audio-liked.page'), 'AudioLikedPage');
const AudioSharingPage = lazyPage(() => import('./pages/audio-sharing.page'), 'AudioSharingPage');
const AudioUploadPage = lazyPage(() => import('./pages/audio-upload.page'), 'AudioUploadPage');
const AuthPage = lazyPage(() => import('./pages/auth.page'), 'AuthPage');
const DecisionPage = lazyPage(() => import('./pages/decision.page'), 'DecisionPage');
const DisclaimerPage = lazyPage(() => import('./pages/disclaimer.page'), 'DisclaimerPage');
const FaqPage = lazyPage(() => import('./pages/faq.page'), 'FaqPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/forgot-password.page'), 'ForgotPasswordPage');
const HomePage = lazyPage(() => import('./pages/home.page'), 'HomePage');
const ImprintPage = lazyPage(() => import('./pages/imprint.page'), 'ImprintPage');
const ModerationPage = lazyPage(() => import('./pages/moderation.page'), 'ModerationPage');
const ProfilePage = lazyPage(() => import('./pages/profile.page'), 'ProfilePage');
const PrivacyPage = lazyPage(() => import('./pages/privacy.page'), 'PrivacyPage');
const NotFoundPage = lazyPage(() => import('./pages/not-found.page'), 'NotFoundPage');
const ReportPage = lazyPage(() => import('./pages/report.page'), 'ReportPage');
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password.page'), 'ResetPasswordPage');
const ResourcesPage = lazyPage(() => import('./pages/resources.page'), 'ResourcesPage');
const SetPage = lazyPage(() => import('./pages/set.page'), 'SetPage');
const EditSetPage = lazyPage(() => import('./pages/set-edit.page'), 'EditSetPage');
const NewSetPage = lazyPage(() => import('./pages/set-new.page'), 'NewSetPage');
const SetsPage = lazyPage(() => import('./pages/sets.page'), 'SetsPage');
const SharedShelfPage = lazyPage(() => import('./pages/shared-shelf.page'), 'SharedShelfPage');
const ShelvesPage = lazyPage(() => import('./pages/shelves.page'), 'ShelvesPage');
const MySetsPage = lazyPage(() => import('./pages/sets-mine.page'), 'MySetsPage');
const TermsPage = lazyPage(() => import('./pages/terms.page'), 'TermsPage');
const VerifyEmailPage = lazyPage(() => import('./pages/verify-email.page'), 'VerifyEmailPage');

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
        <Route path={ROUTES.privacy} element={<PrivacyPage />} />
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
            <RequireAuth signedOut={<LoginRequired to={authPathWithNext(ROUTES.upload)} message={texts.shell.uploadLoginMessage} />} redirectDelayMs={UPLOAD_LOGIN_NOTICE_MS}>
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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <ColorSchemeClassSync />
      <CloseButtonLabels>
        <AppNotifications />
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <BrowserRouter>
              <ModalsHost />
              <RouteEffects />
              <AppRoutes />
            </BrowserRouter>
          </TRPCProvider>
        </QueryClientProvider>
      </CloseButtonLabels>
    </MantineProvider>
  );
}
