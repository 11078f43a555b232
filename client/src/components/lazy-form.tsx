// A form whose code comes when it is first shown (a form most visitors of a page never open: the
// report form, the review form). Until the code is there, its stand-in with "Loading the form"
// for screen readers; once loaded, the form renders at once wherever it is shown again. If the
// code cannot be loaded (the connection dropped, or a new version replaced it), the form's place
// says so and offers to reload the page: the page around it stays. (A browser keeps a failed
// module fetch, so asking again without a reload would fail too.)
import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Box, VisuallyHidden } from '@mantine/core';
import { useShellTexts } from '../i18n/shell-texts';
import { preload } from '../lib/preload';
import { LazyPartBoundary } from '../app/lazy-part-boundary';
import { LoadFailed } from '../app/page-error-boundary';

/** The form `load` gives, loaded when first rendered (or preloaded); its props plus `standIn`. */
export function lazyForm<P extends object & { standIn?: never }>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const fetchForm = () =>
    load().then((form) => {
      loaded = form;
      return form;
    });
  const Lazy = lazy(async () => ({ default: await fetchForm() }));

  function LazyForm({ standIn, ...props }: P & { standIn: ReactNode }) {
    const shell = useShellTexts().shell;
    const Form = loaded ?? Lazy;
    return (
      <LazyPartBoundary fallback={<LoadFailed title={shell.formLoadFailedTitle} variant="light" data-testid="lazy-form-failed" />}>
        <Suspense
          fallback={
            <Box role="status">
              <VisuallyHidden>{shell.loadingForm}</VisuallyHidden>
              {standIn}
            </Box>
          }
        >
          <Form {...(props as unknown as P)} />
        </Suspense>
      </LazyPartBoundary>
    );
  }
  /** Fetches the form's code ahead of its first use (a failure shows when the form is shown). */
  LazyForm.preload = () => preload(fetchForm);
  return LazyForm;
}
