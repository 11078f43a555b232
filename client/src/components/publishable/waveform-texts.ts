// Texts of the waveform and the loudness figures (audio details, set pages, the set editor).
import { defineTexts } from '../../i18n/texts';

const EN = {
  /** The waveform as a seek bar, for screen readers. */
  label: (title: string) => `Waveform of ${title}: choose where to play`,
  position: (at: string, of: string) => `${at} of ${of}`,
  failed: 'No waveform: the server could not decode this file.',
  pending: 'No waveform yet: this file has not been measured.',
  loudness: 'Loudness',
  /** '-16.2 LUFS · peak -1.0 dBFS' */
  loudnessValue: (lufs: string, peak: string) => `${lufs} LUFS · peak ${peak} dBFS`,
  silent: 'Silent',
  unknownLoudness: 'Not measured',
  quieter: 'Much quieter than the rest of the set',
  louder: 'Much louder than the rest of the set',
  loudnessHelp: 'Integrated loudness (EBU R128) and the highest sample, measured when the file was uploaded.',
};

export const useWaveformTexts = defineTexts('waveform', EN, {
  label: (title: string) => `Wellenform von ${title}: Stelle zum Abspielen wählen`,
  position: (at: string, of: string) => `${at} von ${of}`,
  failed: 'Keine Wellenform: Der Server konnte diese Datei nicht dekodieren.',
  pending: 'Noch keine Wellenform: Diese Datei wurde noch nicht gemessen.',
  loudness: 'Lautheit',
  loudnessValue: (lufs: string, peak: string) => `${lufs} LUFS · Spitze ${peak} dBFS`,
  silent: 'Stille',
  unknownLoudness: 'Nicht gemessen',
  quieter: 'Viel leiser als der Rest der Playlist',
  louder: 'Viel lauter als der Rest der Playlist',
  loudnessHelp: 'Integrierte Lautheit (EBU R128) und der höchste Abtastwert, gemessen beim Hochladen.',
});
