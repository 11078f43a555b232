import { useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import type { IconProps } from '@tabler/icons-react';
import { ReportDialog } from './report-dialog';
import type { ReportTarget } from './report-target';

interface ReportMenuItem {
  label: string;
  icon: ComponentType<IconProps>;
  target: ReportTarget;
}

interface ReportMenuProps {
  /** The flag button's name ('Report the review by Kim Lee'). */
  label: string;
  /** What can be reported from here (the item, its author), each opening the report dialog. */
  items: ReportMenuItem[];
  'data-testid'?: string;
}

/** A small flag button with a menu of what to report; each entry opens the report dialog. */
export function ReportMenu({ label, items, 'data-testid': testId }: ReportMenuProps) {
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  // The dialog opens from a menu item that is gone when it closes: focus comes back to the flag.
  const flag = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon ref={flag} variant="subtle" color="gray" size="sm" aria-label={label} data-testid={testId}>
            <IconFlag size={14} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items.map(({ label: itemLabel, icon: Icon, target }) => (
            <Menu.Item key={`${target.type}:${target.id}`} leftSection={<Icon size={14} aria-hidden />} onClick={() => setReporting(target)}>
              {itemLabel}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} returnFocusTo={flag} />
    </>
  );
}
