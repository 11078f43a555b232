import { IconLockOpen } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useAccountTexts } from '../features/account/account-texts';
import { FlowCard } from '../features/account/flow-card';
import { ResetPasswordForm } from '../features/account/reset-password-form';
import { usePageTitle } from '../lib/page-title';

/** /auth/reset-password?token=…: the link of the password-reset email. */
export function ResetPasswordPage() {
  const texts = useAccountTexts();
  usePageTitle(texts.resetTitle);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <FlowCard icon={<IconLockOpen size={24} stroke={1.7} />} title={texts.resetTitle} intro={texts.resetIntro}>
      <ResetPasswordForm key={token} token={token} />
    </FlowCard>
  );
}
