import { lazy, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Center, Loader, Modal } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { FormSuspense } from '../../components/form-suspense';
import type { ReportTarget } from './report-target';
import { useReportTexts } from './report-texts';

/**
 * The form (its validation, the moderation rules and texts, zod: ~45 kB gzipped) comes when a
 * dialog first opens, not with the pages that offer it (a Tonie's details dialog waited for it
 * before it could show its picture).
 */
const ReportForm = lazy(async () => ({ default: (await import('./report-form')).ReportForm }));

interface ReportDialogProps {
  target: ReportTarget | null;
  onClose: () => void;
}

/** The report form over the page (full screen on phones), for one item. */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
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
      onExitTransitionEnd={() => setShown(null)}
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

interface ReportButtonProps extends Omit<ButtonProps, 'children'> {
  target: ReportTarget;
  children?: ReactNode;
  'aria-label'?: string;
}

/** A small 'Report' button that opens the report dialog for its item. */
export function ReportButton({ target, children, ...props }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const texts = useReportTexts();
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconFlag size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid={`report-${target.type}`}
        {...props}
      >
        {children ?? texts.reportButton}
      </Button>
      <ReportDialog target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  );
}
