// The FAQ and the Resources page as a parent with a German interface reads them: the FAQ names the
// buttons the Tonie dialog really has and says reviews can be edited; Resources starts with German
// public children's audio (the English interface keeps the spec's four offers).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useReviewTexts } from '../features/reviews/review-texts';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../test-utils/render';
import { FaqPage } from './faq.page';
import { ResourcesPage } from './resources.page';

const SITE = { 'site.info': () => ({ communityUrl: null, operator: {}, privacyExtra: null }) };

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('in German', () => {
  it('the FAQ on reviews names the dialog’s real heading and button, and that a review can be edited or deleted', async () => {
    await i18n.changeLanguage('de');
    const view = renderWithProviders(<FaqPage />, { handlers: SITE });
    await view.user.click(screen.getByRole('button', { name: 'Wie schreibe ich eine Bewertung?' }));
    const answer = (await screen.findByText(/Melde dich an, such den Tonie/)).closest('p')!.textContent!;
    const reviews = useReviewTexts.get('de');
    expect(answer).toContain(`„${reviews.rateThisTonie}“`);
    expect(answer).toContain(`„${reviews.submitReview}“`);
    expect(answer).toContain('jederzeit bearbeiten oder löschen');
    // Every button or heading it quotes exists among the review texts.
    const labels = new Set(Object.values(reviews).filter((v): v is string => typeof v === 'string'));
    for (const [, quoted] of answer.matchAll(/„([^“]+)“/g)) expect(labels, quoted).toContain(quoted);
  });

  it('Resources lists WDR’s Gute Nacht mit der Maus, Deutschlandfunk Kakadu and BR’s Pumuckl first, each with a link', async () => {
    await i18n.changeLanguage('de');
    renderWithProviders(<ResourcesPage />, { handlers: SITE });
    const links = screen.getAllByRole('link', { name: /^Zum Angebot: / });
    expect(links.slice(0, 3).map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Zum Angebot: Gute Nacht mit der Maus', 'https://www.wdrmaus.de/hoeren/MausLive/Podcasts/podcasts.php5'],
      ['Zum Angebot: Kakadu', 'https://www.kakadu.de/'],
      ['Zum Angebot: Pumuckl – Der Hörspiel-Klassiker', 'https://www.br.de/mediathek/podcast/pumuckl/830'],
    ]);
    expect(links).toHaveLength(7);
    expect(within(links[0]!.closest('article')!).getByText('Quelle: WDR (Westdeutscher Rundfunk)')).toBeTruthy();
  });
});

describe('in English', () => {
  it('Resources keeps the spec’s four offers', () => {
    renderWithProviders(<ResourcesPage />, { handlers: SITE });
    expect(screen.getAllByRole('link', { name: /^Visit Resource: / })).toHaveLength(4);
  });
});
