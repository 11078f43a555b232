import { lazy, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { OnceWanted } from '../../components/once-wanted';
import type { ReportDialogProps } from './report-modal';
import type { ReportTarget } from './report-target';
import { useReportTexts } from './report-texts';

/** The dialog (Mantine's Modal) and its form come when a report is first asked for, not with the pages that offer one. */
const ReportModal = lazy(async () => ({ default: (await import('./report-modal')).ReportModal }));

/** The report form over the page (full screen on phones), for one item; its code loads when first asked for. */
export function ReportDialog(props: ReportDialogProps) {
  return (
    <OnceWanted wanted={props.target !== null} onError={props.onClose}>
      <ReportModal {...props} />
    </OnceWanted>
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
