// Creative-Tonie sets' messages: the server's refusals and the set screens' toasts.
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'set.<key>'.
import { CREATIVE_TONIE_MAX_CHAPTERS, CREATIVE_TONIE_MAX_SECONDS } from '../../values/common';
import { TITLE_MIN_LENGTH, AUDIO_DESCRIPTION_MAX, AUDIO_TITLE_MAX } from '../../values/audio';
import { formatClock } from '../../format';
import { type MessageEntry, withFormat, withParams } from '../message-format';

export const SET_TEXTS = {
  titleTooShort: {
    en: `Title must be at least ${TITLE_MIN_LENGTH} characters`,
    de: `Der Titel braucht mindestens ${TITLE_MIN_LENGTH} Zeichen`,
  },
  titleTooLong: {
    en: `Title must be at most ${AUDIO_TITLE_MAX} characters`,
    de: `Der Titel hat höchstens ${AUDIO_TITLE_MAX} Zeichen`,
  },
  descriptionTooLong: withFormat(
    (f) => `The description has at most ${f.number(AUDIO_DESCRIPTION_MAX)} characters`,
    (f) => `Die Beschreibung hat höchstens ${f.number(AUDIO_DESCRIPTION_MAX)} Zeichen`,
  ),
  sortBy: {
    en: 'sortBy must be recent or popular',
    de: 'Die Sortierung (sortBy) muss recent oder popular sein',
  },
  invalidId: {
    en: 'The set id must be a whole number',
    de: 'Die Nummer der Playlist muss eine ganze Zahl sein',
  },
  notFound: {
    en: 'This set does not exist (any more).',
    de: 'Diese Playlist gibt es nicht (mehr).',
  },
  notOwner: {
    en: 'Only the owner can change this set.',
    de: 'Nur wer die Playlist angelegt hat, kann sie ändern.',
  },
  chapterIds: {
    en: 'Choose the audio files to add as a list of ids',
    de: 'Wähle die Audiodateien, die du hinzufügen möchtest, als Liste von Nummern',
  },
  noChapters: {
    en: 'Choose at least one audio file to add',
    de: 'Wähle mindestens eine Audiodatei zum Hinzufügen',
  },
  duplicateChapter: {
    en: 'This audio file is already a chapter of the set.',
    de: 'Diese Audiodatei ist schon ein Kapitel der Playlist.',
  },
  chapterNotAvailable: {
    en: 'This audio file cannot be added: it is not published or its licence does not allow sharing.',
    de: 'Diese Audiodatei kann nicht hinzugefügt werden: Sie ist nicht veröffentlicht, oder ihre Lizenz erlaubt das Weitergeben nicht.',
  },
  chapterNotFound: {
    en: 'This audio file is not a chapter of the set.',
    de: 'Diese Audiodatei ist kein Kapitel der Playlist.',
  },
  orderMismatch: {
    en: 'The new order must list every chapter of the set exactly once.',
    de: 'Die neue Reihenfolge muss jedes Kapitel der Playlist genau einmal enthalten.',
  },
  tooManyChapters: {
    en: `A Creative Tonie holds at most ${CREATIVE_TONIE_MAX_CHAPTERS} chapters.`,
    de: `Ein Kreativ-Tonie fasst höchstens ${CREATIVE_TONIE_MAX_CHAPTERS} Kapitel.`,
  },
  overBudgetToPublish: {
    en: `A set over ${CREATIVE_TONIE_MAX_SECONDS / 60} minutes or ${CREATIVE_TONIE_MAX_CHAPTERS} chapters cannot be published.`,
    de: `Eine Playlist mit mehr als ${CREATIVE_TONIE_MAX_SECONDS / 60} Minuten oder ${CREATIVE_TONIE_MAX_CHAPTERS} Kapiteln kann nicht veröffentlicht werden.`,
  },
  emptyToPublish: {
    en: 'Add at least one chapter before publishing the set.',
    de: 'Füge mindestens ein Kapitel hinzu, bevor du die Playlist veröffentlichst.',
  },
  unknownDuration: {
    en: 'This audio file has no known duration, so it cannot be added to a set.',
    de: 'Die Länge dieser Audiodatei ist unbekannt, deshalb kann sie keiner Playlist hinzugefügt werden.',
  },
  loginToDownload: {
    en: 'Please log in to download sets',
    de: 'Bitte melde dich an, um Playlists herunterzuladen',
  },
  loginToLike: {
    en: 'Please log in to like sets',
    de: 'Bitte melde dich an, um Playlists zu liken',
  },
  created: {
    en: 'Set created',
    de: 'Playlist angelegt',
  },
  updated: {
    en: 'Set updated',
    de: 'Playlist gespeichert',
  },
  published: {
    en: 'Set published',
    de: 'Playlist veröffentlicht',
  },
  deleted: {
    en: 'Set deleted',
    de: 'Playlist gelöscht',
  },
  createFailed: {
    en: 'Failed to create the set. Please try again.',
    de: 'Die Playlist konnte nicht angelegt werden. Bitte versuch es noch einmal.',
  },
  updateFailed: {
    en: 'Failed to update the set. Please try again.',
    de: 'Die Playlist konnte nicht gespeichert werden. Bitte versuch es noch einmal.',
  },
  deleteFailed: {
    en: 'Failed to delete the set. Please try again.',
    de: 'Die Playlist konnte nicht gelöscht werden. Bitte versuch es noch einmal.',
  },
  // The server's refusal and the editor's warning (the same words): adding a chapter of
  // `addedSeconds` to a set of `currentSeconds` would pass a Creative Tonie's minutes.
  overBudget: withParams<{ currentSeconds: number; addedSeconds: number }>(
    (p) => `This chapter would take the set past ${CREATIVE_TONIE_MAX_SECONDS / 60} minutes (${formatClock(p.currentSeconds + p.addedSeconds)})`,
    (p) => `Mit diesem Kapitel wäre die Playlist länger als ${CREATIVE_TONIE_MAX_SECONDS / 60} Minuten (${formatClock(p.currentSeconds + p.addedSeconds)})`,
  ),
} as const satisfies Record<string, MessageEntry>;
