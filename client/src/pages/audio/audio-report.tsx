// Reporting on the audio pages: 'Report this audio file' and 'Report this user' in a file's details.
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import type { AudioReportActions } from '../../features/audio/audio-details-modal';
import { useAudioTexts } from '../../features/audio/audio-texts';
import { ReportButton } from '../../features/report/report-dialog';
import { audioTarget, userTarget } from '../../features/report/report-target';

function ReportFile({ file }: { file: AudioFile }) {
  const texts = useAudioTexts();
  return (
    <ReportButton target={audioTarget(file)} aria-label={texts.reportFile}>
      {texts.reportFile}
    </ReportButton>
  );
}

function ReportAuthor({ file, name }: { file: AudioFile; name: string }) {
  const texts = useAudioTexts();
  return (
    <ReportButton target={userTarget(file.userId, name)} size="compact-xs" fz="xs" fw={500} px={4} ml={-4} mt={2} display="block" aria-label={`${texts.reportUser}: ${name}`}>
      {texts.reportUser}
    </ReportButton>
  );
}

export const audioReport: AudioReportActions = {
  file: (file) => <ReportFile file={file} />,
  author: (file, name) => <ReportAuthor file={file} name={name} />,
};
