import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test-utils/render';
import { TagsField } from './tags-field';

function TagsInForm({ onSubmit }: { onSubmit: () => void }) {
  const [tags, setTags] = useState<string[]>([]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TagsField label="Tags" value={tags} onChange={setTags} maxTags={8} pillsTestId="chosen" />
      <button type="submit">Send</button>
    </form>
  );
}

// The tags input's code loads after the first render (lazy-tags-input.tsx): here before the tests.
beforeAll(async () => {
  await import('./tags-input-widget');
});

describe('TagsField inside a form', () => {
  it('Enter adds what is typed and never submits the form, also when the text is blank or empty', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<TagsInForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    // The widget, once it has replaced its stand-in.
    await vi.waitFor(() => expect(document.querySelector('.mantine-TagsInput-inputField')).not.toBeNull());
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'bedtime{Enter}');
    expect(screen.getByTestId('chosen').textContent).toContain('bedtime');
    await user.type(input, '   {Enter}');
    await user.clear(input);
    await user.type(input, '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    // The form's own button still sends it (so the check above can fail).
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
