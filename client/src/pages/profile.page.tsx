// /u/{username}: a user's public profile, its sections' lists and 'Report user' brought here.
import { useParams } from 'react-router';
import type { Profile } from '@tonieshelf/shared/schemas/profile';
import { useProfileTexts } from '../features/profiles/profile-texts';
import { ProfileView } from '../features/profiles/profile-view';
import type { ProfileSection, ProfileSectionProps } from '../features/profiles/profile-view';
import { ReportButton } from '../features/report/report-dialog';
import { userTarget } from '../features/report/report-target';
import { ProfileSectionList } from './profile/profile-sections';

function ReportUser({ profile }: { profile: Profile }) {
  const texts = useProfileTexts();
  return <ReportButton target={userTarget(profile.userId, profile.displayName)}>{texts.reportUser}</ReportButton>;
}

const section = (name: ProfileSection, props: ProfileSectionProps) => <ProfileSectionList section={name} {...props} />;
const reportUser = (profile: Profile) => <ReportUser profile={profile} />;

export function ProfilePage() {
  const { username = '' } = useParams();
  return <ProfileView key={username} username={username} section={section} reportUser={reportUser} />;
}
