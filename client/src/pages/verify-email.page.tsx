import { IconMailCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS } from '../features/account/account-texts';
import { FlowCard } from '../features/account/flow-card';
import { VerifyEmailPanel } from '../features/account/verify-email-panel';
import { usePageTitle } from '../lib/page-title';

/** /auth/verify-email?token=…: the link of a verification email (signed in or not). */
export function VerifyEmailPage() {
  usePageTitle(ACCOUNT_TEXTS.verifyTitle);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <FlowCard icon={<IconMailCheck size={24} stroke={1.7} />} title={ACCOUNT_TEXTS.verifyTitle}>
      <VerifyEmailPanel key={token} token={token} />
    </FlowCard>
  );
}
