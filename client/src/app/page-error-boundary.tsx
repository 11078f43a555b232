import type { ReactNode } from 'react';
import { useShellTexts } from '../i18n/shell-texts';
import { LoadBoundary, LoadFailed } from '../components/load-boundary';

/**
 * Catches a page that cannot render, above all one whose code cannot be loaded: after a new
 * version is published, a tab of the old one asks for files that no longer exist. A missing chunk
 * reloads the tab once by itself (the new version's files are there); otherwise the page area
 * says so and offers a reload instead of the whole app going blank; the header and footer stay.
 * The layout keys it by the address, so going elsewhere tries again.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary fallback={<PageLoadFailed />} reloadForNewVersion>
      {children}
    </LoadBoundary>
  );
}

function PageLoadFailed() {
  const texts = useShellTexts();
  return <LoadFailed title={texts.shell.pageLoadFailedTitle} maw={560} mx="auto" my="xl" />;
}
