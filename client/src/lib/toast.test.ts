import { afterEach, describe, expect, it } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { toast } from './toast';

afterEach(() => {
  notifications.clean();
});

const shown = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue];

describe('toast', () => {
  it('shows title and message; variants map to colours', () => {
    toast({ title: 'Login failed', message: 'Please check your credentials and try again.', variant: 'destructive' });
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toMatchObject({
      title: 'Login failed',
      message: 'Please check your credentials and try again.',
      color: 'red',
      withCloseButton: true,
      'data-variant': 'destructive',
    });
  });

  it('default variant uses the theme colour; warning yellow; success teal', () => {
    toast({ message: 'Hello' });
    expect(shown()[0]?.color).toBeUndefined();
    toast({ message: 'Careful', variant: 'warning' });
    expect(shown()[0]?.color).toBe('yellow');
    toast({ message: 'Done', variant: 'success' });
    expect(shown()[0]?.color).toBe('teal');
  });

  it('a new toast replaces the visible one: never more than one, the newest wins', () => {
    toast({ title: 'Review submitted', message: 'Thank you for sharing your rating and review!', variant: 'success' });
    toast({ title: 'Review Submitted', message: 'Thank you for your review!', variant: 'success' });
    const all = shown();
    expect(all).toHaveLength(1);
    expect(all[0]?.title).toBe('Review Submitted');
  });

  it('returns the id of the notification it showed', () => {
    const id = toast({ message: 'With id' });
    expect(shown()[0]?.id).toBe(id);
  });
});
