import { IconLockOpen } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS } from '../features/account/account-texts';
import { FlowCard } from '../features/account/flow-card';
import { ResetPasswordForm } from '../features/account/reset-password-form';
import { usePageTitle } from '../lib/page-title';

/** /auth/reset-password?token=…: the link of the password-reset email. */
export function ResetPasswordPage() {
  usePageTitle(ACCOUNT_TEXTS.resetTitle);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <FlowCard icon={<IconLockOpen size={24} stroke={1.7} />} title={ACCOUNT_TEXTS.resetTitle} intro={ACCOUNT_TEXTS.resetIntro}>
      <ResetPasswordForm key={token} token={token} />
    </FlowCard>
  );
}
