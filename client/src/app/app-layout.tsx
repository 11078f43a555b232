import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useShellTexts } from '../i18n/shell-texts';
import { Footer } from './footer';
import { Header } from './header';
import { PageErrorBoundary } from './page-error-boundary';
import { PageFallback } from './page-fallback';
import classes from './layout.module.css';

// The live region loads after the first page: nothing is announced before the visitor acts (a
// message sent earlier waits for it in lib/announce.ts).
const LiveAnnouncer = lazy(() => import('./live-announcer').then((m) => ({ default: m.LiveAnnouncer })));

/** Header, the page (its code may still be loading: PageFallback; or fail to: PageErrorBoundary), footer, the live region (lib/announce.ts). */
export function AppLayout() {
  const texts = useShellTexts();
  const { pathname } = useLocation();
  return (
    <div className={classes.shell}>
      <a href="#main-content" className={classes.skipLink}>
        {texts.shell.skipToContent}
      </a>
      <Header />
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
        <Suspense fallback={null}>
          <LiveAnnouncer />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
