// The modals host mounts Mantine's ModalsProvider after the first render: a confirmation asked
// for before it listens waits for it; if its code cannot be loaded, waiting confirmations end as
// not confirmed and the next one tries to load it again.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';

// The host's import of '@mantine/modals' fails while `failures.left` > 0 (reading ModalsProvider
// off the module throws, which rejects the lazy component as a failed fetch would).
const failures = vi.hoisted(() => ({ left: 0, seen: 0 }));
vi.mock('@mantine/modals', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@mantine/modals')>();
  return {
    ...actual,
    get ModalsProvider() {
      if (failures.left > 0) {
        failures.left -= 1;
        failures.seen += 1;
        throw new TypeError('Failed to fetch dynamically imported module: /assets/modals-old.js');
      }
      return actual.ModalsProvider;
    },
  };
});

// Each test gets fresh module state (the host's state lives in its module).
async function setUp() {
  vi.resetModules();
  const { ModalsHost } = await import('./modals-host');
  const { confirmAction } = await import('./confirm');
  render(
    <MantineProvider theme={theme} env="test">
      <ModalsHost />
    </MantineProvider>,
  );
  return confirmAction;
}

const question = (onConfirm: () => void, onCancel?: () => void) => ({
  title: 'Delete the file?',
  text: 'It cannot be undone.',
  confirmLabel: 'Delete',
  onConfirm,
  onCancel,
});

describe('ModalsHost and confirmAction', () => {
  beforeEach(() => {
    failures.left = 0;
    failures.seen = 0;
  });

  it('queues a confirmation asked for before the host listens, and opens it once it does', async () => {
    const confirmAction = await setUp();
    const onConfirm = vi.fn();
    act(() => confirmAction(question(onConfirm)));
    expect(screen.queryByRole('dialog')).toBeNull(); // not yet: the host's code is still loading

    const dialog = await screen.findByRole('dialog', { name: 'Delete the file?' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('a cancelled confirmation ends as not confirmed', async () => {
    const confirmAction = await setUp();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    act(() => confirmAction(question(onConfirm, onCancel)));
    await screen.findByRole('dialog', { name: 'Delete the file?' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('when the host cannot be loaded (after one retry), the waiting confirmation ends as not confirmed, and the next one tries again', async () => {
    failures.left = 2;
    const confirmAction = await setUp();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    act(() => confirmAction(question(onConfirm, onCancel)));

    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(failures.seen).toBe(2); // the first load and its retry
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    // The network is back: the next confirmation loads the host again and opens.
    const onConfirmLater = vi.fn();
    act(() => confirmAction(question(onConfirmLater)));
    await screen.findByRole('dialog', { name: 'Delete the file?' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirmLater).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
