// The words of the shared components (back link, confirm dialog, pagination, stars, loading):
// their English defaults and German.
import { defineTexts } from '../i18n/texts';

export const COMMON_TEXTS = {
  backToHome: 'Back to Home',
  cancel: 'Cancel',
  loading: 'Loading',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page: number) => `Page ${page}`,
  /** What a screen reader hears for a star rating; `rating` comes formatted ('3.6'). */
  ratedOutOf: (rating: string, max: number) => `Rated ${rating} out of ${max} stars`,
  copied: 'Copied',
  /** The h2 over a list of results (for screen readers where the page shows no heading there). */
  results: 'Results',
  /** What the status region says when a search or filter finds nothing (the empty state shows why). */
  noResults: 'No results',
  /** Beside 'Hidden by moderators': the link to the decision's statement of reasons. */
  hiddenWhy: 'Why?',
  /** The title of a toast that says something failed. */
  error: 'Error',
  /** A tag chip's remove button. */
  removeTag: (tag: string) => `Remove tag ${tag}`,
  /** A password field's button that shows what was typed (pressed: shown). */
  showPassword: 'Show password',
};

export const useCommonTexts = defineTexts('common', COMMON_TEXTS, {
  backToHome: 'Zurück zur Startseite',
  cancel: 'Abbrechen',
  loading: 'Wird geladen',
  previousPage: 'Vorherige Seite',
  nextPage: 'Nächste Seite',
  page: (page: number) => `Seite ${page}`,
  ratedOutOf: (rating: string, max: number) => `Mit ${rating} von ${max} Sternen bewertet`,
  copied: 'Kopiert',
  results: 'Ergebnisse',
  noResults: 'Keine Ergebnisse',
  hiddenWhy: 'Warum?',
  error: 'Fehler',
  removeTag: (tag: string) => `Tag ${tag} entfernen`,
  showPassword: 'Passwort anzeigen',
});
