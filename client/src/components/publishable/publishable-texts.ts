// The words of what audio files and sets share (covers, stamps, tags, likes, the licence fields,
// the filter panel, the list states, the checks of chosen files), in English and German. The audio texts
// include them (useAudioTexts); the shared pieces read them here.
import { AUDIO_MAX_TAGS, AUDIO_SORT_LABELS, COVER_MAX_BYTES, QUICK_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_MAX_BYTES } from '@tonieshelf/shared/values/audio';
import { MB } from '@tonieshelf/shared/values/common';
import { LICENCE_LABELS, LICENCE_SHORT_LABELS } from '@tonieshelf/shared/values/moderation';
import { formatCount } from '@tonieshelf/shared/format';
import { defineTexts } from '../../i18n/texts';

/** Whole megabytes of a byte limit, for the texts that state it. */
const mb = (bytes: number) => Math.round(bytes / MB);

/** SPEC §5 validation messages of the audio forms. */
export const AUDIO_VALIDATION = {
  titleMin: 'Title must be at least 3 characters',
  fileRequired: 'Please select an audio file to upload',
  licenceRequired: 'Please choose a licence',
  rightsRequired: 'Please confirm that you made this or have the right to share it',
  invalidFileType: 'Invalid file type',
  audioTypes: 'Please upload MP3 or WAV audio files only',
  coverTypes: 'Please upload JPG or PNG images only',
  audioTooLarge: `The file is too large: audio files can be at most ${mb(UPLOAD_AUDIO_MAX_BYTES)} MB.`,
  quickTooLarge: `The file is too large: quick uploads can be at most ${mb(QUICK_UPLOAD_MAX_BYTES)} MB.`,
  coverTooLarge: `The image is too large: covers can be at most ${mb(COVER_MAX_BYTES)} MB.`,
} as const;

export const PUBLISHABLE_TEXTS = {
  coverOf: (title: string) => `Cover of ${title}`,
  anonymous: 'Anonymous',
  draft: 'Draft',
  hiddenByModerators: 'Hidden by moderators',
  moreTags: (n: number) => `${n} more tags`,
  likes: (n: number) => `${n} ${n === 1 ? 'like' : 'likes'}`,
  licence: 'Licence',
  licencePlaceholder: 'Choose how others may use it',
  licenceHelp: 'What do these mean?',
  rightsLabel: 'I made this or have the right to share it',
  rightsHint: 'Music, audiobooks or radio plays by others need their permission.',
  licenceLink: (label: string) => `${label} (opens the licence)`,
  licenceFact: 'Licence',
  filtersTitle: 'Filters',
  closeFilters: 'Close filters',
  filtersDescription: 'Narrow down audio files by selecting tags',
  sortLabel: 'Sort',
  tagsLabel: 'Tags',
  clearTags: (n: number) => `Clear (${n})`,
  loadingTags: 'Loading tags',
  noTagsAvailable: 'No tags available',
  resetAll: 'Reset All',
  applyFilters: 'Apply Filters',
  errorTitle: 'Error Loading Content',
  tryAgain: 'Try Again',
  tagPlaceholder: 'Type a tag and press Enter',
  addTag: 'Add Tag',
  maxTagsReached: 'Max tags (8) reached',
  maxTagsAllowed: 'Maximum 8 tags allowed',
  validation: AUDIO_VALIDATION,
  /** The sort choices (the shared labels). */
  sortLabels: AUDIO_SORT_LABELS,
  /** The licences' names: CC names stay, 'All rights reserved …' is said in the language. */
  licenceLabels: LICENCE_LABELS,
  licenceShortLabels: LICENCE_SHORT_LABELS,
};

/** German counts: '1.234'. */
const de = (n: number) => formatCount(n, 'de');

export const PUBLISHABLE_TEXTS_DE = {
  coverOf: (title: string) => `Cover von ${title}`,
  anonymous: 'Anonym',
  draft: 'Entwurf',
  hiddenByModerators: 'Von der Moderation ausgeblendet',
  moreTags: (n: number) => `${de(n)} weitere Tags`,
  likes: (n: number) => (n === 0 ? 'Noch nicht gemerkt' : `${de(n)}× gemerkt`),
  licence: 'Lizenz',
  licencePlaceholder: 'Wähle, wie andere es nutzen dürfen',
  licenceHelp: 'Was bedeuten die Lizenzen?',
  rightsLabel: 'Ich habe das selbst gemacht oder darf es teilen',
  rightsHint: 'Für Musik, Hörbücher oder Hörspiele von anderen brauchst du deren Erlaubnis.',
  licenceLink: (label: string) => `${label} (öffnet den Lizenztext)`,
  licenceFact: 'Lizenz',
  filtersTitle: 'Filter',
  closeFilters: 'Filter schließen',
  filtersDescription: 'Wähle Tags aus, um die Audios einzugrenzen',
  sortLabel: 'Sortierung',
  tagsLabel: 'Tags',
  clearTags: (n: number) => `Leeren (${de(n)})`,
  loadingTags: 'Tags werden geladen',
  noTagsAvailable: 'Noch keine Tags vorhanden',
  resetAll: 'Alles zurücksetzen',
  applyFilters: 'Filter anwenden',
  errorTitle: 'Fehler beim Laden',
  tryAgain: 'Nochmal versuchen',
  tagPlaceholder: 'Tag eingeben',
  addTag: 'Tag hinzufügen',
  maxTagsReached: `Höchstens ${AUDIO_MAX_TAGS} Tags erreicht`,
  maxTagsAllowed: `Höchstens ${AUDIO_MAX_TAGS} Tags möglich`,
  validation: {
    titleMin: 'Der Titel muss mindestens 3 Zeichen lang sein',
    fileRequired: 'Bitte wähle eine Audiodatei zum Hochladen aus',
    licenceRequired: 'Bitte wähle eine Lizenz',
    rightsRequired: 'Bitte bestätige, dass du das selbst gemacht hast oder es teilen darfst',
    invalidFileType: 'Ungültiger Dateityp',
    audioTypes: 'Bitte lade nur MP3- oder WAV-Dateien hoch',
    coverTypes: 'Bitte lade nur JPG- oder PNG-Bilder hoch',
    audioTooLarge: `Die Datei ist zu groß: Audiodateien dürfen höchstens ${mb(UPLOAD_AUDIO_MAX_BYTES)} MB haben.`,
    quickTooLarge: `Die Datei ist zu groß: Beim schnellen Hochladen sind höchstens ${mb(QUICK_UPLOAD_MAX_BYTES)} MB möglich.`,
    coverTooLarge: `Das Bild ist zu groß: Coverbilder dürfen höchstens ${mb(COVER_MAX_BYTES)} MB haben.`,
  },
  sortLabels: {
    recent: 'Neueste zuerst',
    popular: 'Beliebteste',
    downloads: 'Meiste Downloads',
    az: 'Name A–Z',
    za: 'Name Z–A',
  },
  licenceLabels: {
    'cc-by-4.0': 'CC BY 4.0',
    'cc-by-sa-4.0': 'CC BY-SA 4.0',
    'cc-by-nc-4.0': 'CC BY-NC 4.0',
    'cc0-1.0': 'CC0 1.0',
    'all-rights-reserved': 'Alle Rechte vorbehalten – nur für den privaten Gebrauch',
  },
  licenceShortLabels: {
    'cc-by-4.0': 'CC BY 4.0',
    'cc-by-sa-4.0': 'CC BY-SA 4.0',
    'cc-by-nc-4.0': 'CC BY-NC 4.0',
    'cc0-1.0': 'CC0 1.0',
    'all-rights-reserved': 'Alle Rechte vorbehalten',
  },
};

export const usePublishableTexts = defineTexts('publishable', PUBLISHABLE_TEXTS, PUBLISHABLE_TEXTS_DE);

export type PublishableTexts = ReturnType<typeof usePublishableTexts>;
