import { lazy } from 'react';
import { OnceWanted } from '../../components/once-wanted';
import type { StatementModalProps } from './statement-modal';

/** The statement dialog (Mantine's Modal, its selects, the shared rules) comes when an action is first asked for, not with the queue. */
const StatementModal = lazy(async () => ({ default: (await import('./statement-modal')).StatementModal }));

/** 'Statement of reasons' for a moderator's action; its code loads when first asked for. */
export function StatementDialog(props: StatementModalProps) {
  return (
    <OnceWanted wanted={props.request !== null} onError={props.onClose}>
      <StatementModal {...props} />
    </OnceWanted>
  );
}
