import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { richText } from './rich-text';

describe('richText', () => {
  it('hands each marked part to its renderer and keeps the rest as text, in the text’s order', () => {
    const { container } = render(
      <p>{richText('See our <disclaimer>disclaimer</disclaimer> or <faq>FAQ</faq>.', { disclaimer: (c) => <a href="/disclaimer">{c}</a>, faq: (c) => <b>{c}</b> })}</p>,
    );
    expect(container.innerHTML).toBe('<p>See our <a href="/disclaimer">disclaimer</a> or <b>FAQ</b>.</p>');
  });

  it('a marker without a renderer shows its words; text without markers stays as it is', () => {
    const { container } = render(<p>{richText('Mehr im <unknown>Haftungsausschluss</unknown>')}</p>);
    expect(container.textContent).toBe('Mehr im Haftungsausschluss');
    expect(render(<p>{richText('Plain & simple')}</p>).container.textContent).toBe('Plain & simple');
  });
});
