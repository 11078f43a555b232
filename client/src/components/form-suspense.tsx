// Where a form whose code comes when it is first shown (React.lazy: a form most visitors of a page
// never open, the report form, the review form) is rendered. Until the code is there, its stand-in
// with "Loading the form" for screen readers. If the code cannot be loaded (the connection
// dropped, or a new version replaced it), the form's place says so and offers to reload the page:
// the page around it stays. (A browser keeps a failed module fetch, so asking again would fail too.)
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Box, VisuallyHidden } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';
import { LoadBoundary, LoadFailed } from './load-boundary';

export function FormSuspense({ standIn, children }: { standIn: ReactNode; children: ReactNode }) {
  const shell = useShellTexts().shell;
  return (
    <LoadBoundary fallback={<LoadFailed title={shell.formLoadFailedTitle} variant="light" data-testid="lazy-form-failed" />}>
      <Suspense
        fallback={
          <Box role="status">
            <VisuallyHidden>{shell.loadingForm}</VisuallyHidden>
            {standIn}
          </Box>
        }
      >
        {children}
      </Suspense>
    </LoadBoundary>
  );
}
