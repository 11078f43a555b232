// What the visitor reads when an upload fails and the server gives no message of its own, in
// English and German.
import { defineTexts } from '../i18n/texts';

export const UPLOAD_FALLBACKS = {
  network: 'The upload could not reach the server. Check your connection and try again.',
  sessionEnded: 'Your session has ended. Please log in again to upload.',
  forbidden: 'You are not allowed to upload this file.',
  tooLarge: 'The file is too large.',
  unsupported: 'This type of file is not supported.',
  failed: (status: number) => `The upload failed (${status}). Please try again.`,
  unexpected: 'The server answered the upload in an unexpected way.',
  cancelled: 'The upload was cancelled.',
} as const;

export const useUploadTexts = defineTexts('upload', UPLOAD_FALLBACKS, {
  network: 'Der Server war nicht erreichbar. Prüfe deine Verbindung und versuche es noch einmal.',
  sessionEnded: 'Deine Sitzung ist abgelaufen. Bitte melde dich erneut an, um hochzuladen.',
  forbidden: 'Du darfst diese Datei nicht hochladen.',
  tooLarge: 'Die Datei ist zu groß.',
  unsupported: 'Dieser Dateityp wird nicht unterstützt.',
  failed: (status: number) => `Das Hochladen ist fehlgeschlagen (${status}). Bitte versuche es noch einmal.`,
  unexpected: 'Der Server hat unerwartet geantwortet.',
  cancelled: 'Das Hochladen wurde abgebrochen.',
});
