import { Text } from '@mantine/core';
import { useCommonTexts } from './common-texts';
import { whenModalsReady } from './modals-host';

interface ConfirmOptions {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button's colour, e.g. 'red' for a deletion. */
  color?: string;
  onConfirm: () => void;
  /** Called when the question ends without a yes: cancelled, closed, or the dialog could not be shown. */
  onCancel?: () => void;
}

/**
 * A yes/no question before an action (publish, delete, log in), as a Mantine confirm modal. The
 * dialog is named by its title (Mantine's heading, bold by the theme: no second heading inside)
 * and described by its text (and its two answers); focus starts on the confirm button.
 */
export function confirmAction({ title, text, confirmLabel, cancelLabel = useCommonTexts.get().cancel, color, onConfirm, onCancel }: ConfirmOptions): void {
  let confirmed = false;
  whenModalsReady(
    // @mantine/modals is the host's code, loaded by then: imported here too, it would bring
    // Mantine's Modal into the first load of every page that may ask something.
    () =>
      void import('@mantine/modals').then(
        ({ modals }) =>
          modals.openConfirmModal({
            title,
            children: <Text fz="sm">{text}</Text>,
            labels: { confirm: confirmLabel, cancel: cancelLabel },
            confirmProps: { color, 'data-autofocus': true },
            groupProps: { mt: 'lg', gap: 'sm' },
            centered: true,
            radius: 'lg',
            size: 'sm',
            // Unlike other dialogs (theme.ts), described by its body: the short question and its two answers.
            attributes: {},
            onConfirm: () => {
              confirmed = true;
              onConfirm();
            },
            // Every way of closing (cancel, Escape, the close button, the overlay, and after the yes).
            onClose: () => {
              if (!confirmed) onCancel?.();
            },
          }),
        () => onCancel?.(),
      ),
    // The dialog's code could not be loaded: not confirmed.
    () => onCancel?.(),
  );
}
