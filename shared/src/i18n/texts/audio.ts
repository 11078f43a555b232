// Shared audio's messages (SPEC §5 and §8 word for word) and the server's refusals.
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'audio.<key>'.
import { AUDIO_MAX_TAGS, TITLE_MIN_LENGTH, AUDIO_DESCRIPTION_MAX, AUDIO_SCRIPT_MAX, AUDIO_TITLE_MAX } from '../../values/audio';
import { type MessageEntry, withFormat } from '../message-format';

export const AUDIO_TEXTS = {
  titleTooShort: {
    en: `Title must be at least ${TITLE_MIN_LENGTH} characters`,
    de: `Der Titel muss mindestens ${TITLE_MIN_LENGTH} Zeichen lang sein`,
  },
  titleTooLong: {
    en: `Title must be at most ${AUDIO_TITLE_MAX} characters`,
    de: `Der Titel darf höchstens ${AUDIO_TITLE_MAX} Zeichen lang sein`,
  },
  descriptionTooLong: withFormat(
    (f) => `The description has at most ${f.number(AUDIO_DESCRIPTION_MAX)} characters`,
    (f) => `Die Beschreibung hat höchstens ${f.number(AUDIO_DESCRIPTION_MAX)} Zeichen`,
  ),
  scriptTooLong: withFormat(
    (f) => `The script or lyrics have at most ${f.number(AUDIO_SCRIPT_MAX)} characters`,
    (f) => `Skript oder Liedtext haben höchstens ${f.number(AUDIO_SCRIPT_MAX)} Zeichen`,
  ),
  status: {
    en: 'Status must be draft or published',
    de: 'Der Status muss draft (Entwurf) oder published (veröffentlicht) sein',
  },
  selectAudioFile: {
    en: 'Please select an audio file to upload',
    de: 'Bitte wähle eine Audiodatei zum Hochladen aus',
  },
  maxTagsReached: {
    en: `Max tags (${AUDIO_MAX_TAGS}) reached`,
    de: `Höchstzahl an Tags (${AUDIO_MAX_TAGS}) erreicht`,
  },
  tooManyTags: {
    en: `Maximum ${AUDIO_MAX_TAGS} tags allowed`,
    de: `Höchstens ${AUDIO_MAX_TAGS} Tags möglich`,
  },
  tagNotText: {
    en: 'Tags must be a list of names',
    de: 'Tags müssen eine Liste von Namen sein',
  },
  sortBy: {
    en: 'sortBy must be recent, popular, downloads, az or za',
    de: 'sortBy muss recent, popular, downloads, az oder za sein',
  },
  likedSortBy: {
    en: 'sortBy must be newest or popular',
    de: 'sortBy muss newest oder popular sein',
  },
  invalidId: {
    en: 'The audio file id must be a whole number',
    de: 'Die Nummer der Audiodatei muss eine ganze Zahl sein',
  },
  invalidUserId: {
    en: 'The user id is not valid',
    de: 'Die Benutzer-ID ist ungültig',
  },
  notFound: {
    en: 'This audio file does not exist (any more).',
    de: 'Diese Audiodatei gibt es nicht (mehr).',
  },
  notOwner: {
    en: 'Only the owner can change this audio file.',
    de: 'Nur wer die Audiodatei hochgeladen hat, kann sie ändern.',
  },
  notYourLikes: {
    en: 'You can only see your own liked audio files.',
    de: 'Du kannst nur deine eigene Merkliste sehen.',
  },
  loginToLike: {
    en: 'Please log in to like audio files',
    de: 'Melde dich an, um dir Audios zu merken',
  },
  loginToDownload: {
    en: 'Please log in to download audio files',
    de: 'Melde dich an, um Audios herunterzuladen',
  },
  licenceRequired: {
    en: 'Please choose a licence',
    de: 'Bitte wähle eine Lizenz',
  },
  rightsRequired: {
    en: 'Please confirm that you made this or have the right to share it',
    de: 'Bitte bestätige, dass du das selbst gemacht hast oder es teilen darfst',
  },
  uploadFailed: {
    en: 'Failed to upload audio file. Please try again.',
    de: 'Die Audiodatei konnte nicht hochgeladen werden. Bitte versuch es noch einmal.',
  },
  updateFailed: {
    en: 'Failed to update audio file. Please try again.',
    de: 'Die Audiodatei konnte nicht geändert werden. Bitte versuch es noch einmal.',
  },
  deleteFailed: {
    en: 'Failed to delete audio file. Please try again.',
    de: 'Die Audiodatei konnte nicht gelöscht werden. Bitte versuch es noch einmal.',
  },
  publishFailed: {
    en: 'Failed to publish audio file. Please try again.',
    de: 'Die Audiodatei konnte nicht veröffentlicht werden. Bitte versuch es noch einmal.',
  },
  likeStatusFailed: {
    en: 'Failed to update like status',
    de: 'Die Merkliste konnte nicht aktualisiert werden',
  },
  likeFailed: {
    en: 'Failed to like audio file. Please try again.',
    de: 'Das Audio konnte nicht gemerkt werden. Bitte versuch es noch einmal.',
  },
  downloadFailed: {
    en: 'Failed to download audio file. Please try again.',
    de: 'Die Audiodatei konnte nicht heruntergeladen werden. Bitte versuch es noch einmal.',
  },
  fileUrlMissing: {
    en: 'File URL is missing. Please try again later.',
    de: 'Die Adresse der Datei fehlt. Bitte versuch es später noch einmal.',
  },
  uploaded: {
    en: 'Audio file uploaded successfully',
    de: 'Audiodatei hochgeladen',
  },
  deleted: {
    en: 'Audio file deleted',
    de: 'Audiodatei gelöscht',
  },
  published: {
    en: 'Audio file published',
    de: 'Audiodatei veröffentlicht',
  },
  updated: {
    en: 'Audio file updated',
    de: 'Audiodatei geändert',
  },
  created: {
    en: 'Audio file created',
    de: 'Audiodatei angelegt',
  },
  liked: {
    en: 'Liked',
    de: 'Gemerkt',
  },
  unliked: {
    en: 'Unliked',
    de: 'Von der Merkliste entfernt',
  },
  downloadStarted: {
    en: 'Download Started',
    de: 'Download gestartet',
  },
  downloading: {
    en: 'Your audio file is downloading now.',
    de: 'Deine Audiodatei wird jetzt heruntergeladen.',
  },
  fetchFilesFailed: {
    en: 'Failed to fetch audio files',
    de: 'Die Audiodateien konnten nicht geladen werden',
  },
  fetchTagsFailed: {
    en: 'Failed to fetch tags',
    de: 'Die Tags konnten nicht geladen werden',
  },
  fetchLikedFailed: {
    en: 'Failed to fetch liked audio files',
    de: 'Deine Merkliste konnte nicht geladen werden',
  },
} as const satisfies Record<string, MessageEntry>;
