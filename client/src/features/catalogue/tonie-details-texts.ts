// The texts of a Tonie's details dialog, with the catalogue's (which the
// dialog uses too): a namespace of their own, so that the catalogue's first script does not carry
// them (the dialog comes in its own chunk).
import { defineTexts } from '../../i18n/texts';
import { CATALOGUE_TEXTS, CATALOGUE_TEXTS_DE } from './catalogue-texts';

const DETAILS_EN = {
  // Detail dialog
  description: 'Description',
  tracklist: 'Tracklist',
  tags: 'Tags',
  reviewerTags: 'Tags from reviews',
  details: 'Details',
  runtime: 'Runtime',
  language: 'Language',
  age: 'Age',
  releaseDate: 'Release date',
  tracks: 'Tracks',
  series: 'Series',
  productPage: 'Product page',
  notFound: 'This Tonie could not be found. It may have been removed.',
  closeDetails: 'Close details',
};

export const useTonieDetailsTexts = defineTexts(
  'tonieDetails',
  { ...CATALOGUE_TEXTS, ...DETAILS_EN },
  {
    ...CATALOGUE_TEXTS_DE,
    description: 'Beschreibung',
    tracklist: 'Titelliste',
    tags: 'Tags',
    reviewerTags: 'Tags aus Rezensionen',
    details: 'Details',
    runtime: 'Laufzeit',
    language: 'Sprache',
    age: 'Alter',
    releaseDate: 'Erscheinungsdatum',
    tracks: 'Titel',
    series: 'Serie',
    productPage: 'Produktseite',
    notFound: 'Dieser Tonie wurde nicht gefunden. Vielleicht wurde er entfernt.',
    closeDetails: 'Details schließen',
  },
);
