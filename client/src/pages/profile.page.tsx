// /u/{username}: a user's public profile.
import { useParams } from 'react-router';
import { ProfileView } from '../features/profiles/profile-view';

export function ProfilePage() {
  const { username = '' } = useParams();
  return <ProfileView key={username} username={username} />;
}
