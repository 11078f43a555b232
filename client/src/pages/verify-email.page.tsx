import { IconMailCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useAccountTexts } from '../features/account/account-texts';
import { FlowCard } from '../features/account/flow-card';
import { VerifyEmailPanel } from '../features/account/verify-email-panel';
import { usePageTitle } from '../lib/page-title';

/** /auth/verify-email?token=…: the link of a verification email (signed in or not). */
export function VerifyEmailPage() {
  const texts = useAccountTexts();
  usePageTitle(texts.verifyTitle);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <FlowCard icon={<IconMailCheck size={24} stroke={1.7} />} title={texts.verifyTitle}>
      <VerifyEmailPanel key={token} token={token} />
    </FlowCard>
  );
}
