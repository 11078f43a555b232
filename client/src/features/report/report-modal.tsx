// The report dialog itself (Mantine's Modal and what it brings): loaded when a report is first
// asked for (report-dialog.tsx), not with the pages that offer one.
import { lazy, useEffect, useState } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery, useMounted } from '@mantine/hooks';
import { FormSuspense } from '../../components/form-suspense';
import type { RefObject } from 'react';
import type { ReportTarget } from './report-target';
import { useReportTexts } from './report-texts';

export interface ReportDialogProps {
  target: ReportTarget | null;
  onClose: () => void;
  /**
   * Where focus goes once the dialog has closed, when what opened it is gone by then (a menu's
   * item): else Mantine returns it to what had it when the dialog opened.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The form (its validation, the moderation rules and texts, zod) follows the dialog, which shows at once with a loader. */
const ReportForm = lazy(async () => ({ default: (await import('./report-form')).ReportForm }));

/**
 * The report form over the page (full screen on phones), for one item. It mounts closed and opens
 * on its next render: Mantine's Modal notes the element to give focus back to only when `opened`
 * changes, never at mount.
 */
export function ReportModal({ target: asked, onClose, returnFocusTo }: ReportDialogProps) {
  const target = useMounted() ? asked : null;
  const smallScreen = useMediaQuery('(max-width: 48em)') ?? false;
  const texts = useReportTexts();
  // Keep the last target while the closing transition runs.
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (target) setShown(target);
  }, [target]);
  const current = target ?? shown;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      size="lg"
      fullScreen={smallScreen}
      radius={smallScreen ? 0 : 'lg'}
      padding={smallScreen ? 'md' : 'xl'}
      title={current ? texts.dialogTitle[current.type] : null}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)' } }}
      returnFocus={!returnFocusTo}
      onExitTransitionEnd={() => {
        setShown(null);
        // A frame later: without a transition (reduced motion) the dialog is still in the page now.
        if (returnFocusTo) requestAnimationFrame(() => returnFocusTo.current?.focus());
      }}
    >
      {current ? (
        <FormSuspense
          standIn={
            <Center py="xl">
              <Loader size="sm" aria-hidden />
            </Center>
          }
        >
          <ReportForm key={`${current.type}:${current.id}`} target={current} onCancel={onClose} onClose={onClose} />
        </FormSuspense>
      ) : null}
    </Modal>
  );
}
