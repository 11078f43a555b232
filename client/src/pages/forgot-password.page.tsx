import { IconKey } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useAccountTexts } from '../features/account/account-texts';
import { FlowCard } from '../features/account/flow-card';
import { ForgotPasswordForm } from '../features/account/forgot-password-form';
import { usePageTitle } from '../lib/page-title';

/** The email the sign-in form had, handed over in the navigation's state (never in the address). */
function emailFromState(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state) {
    const email = (state as { email?: unknown }).email;
    if (typeof email === 'string') return email;
  }
  return '';
}

/** /auth/forgot-password: asks for a password-reset link. */
export function ForgotPasswordPage() {
  const texts = useAccountTexts();
  usePageTitle(texts.forgotTitle);
  const location = useLocation();
  return (
    <FlowCard icon={<IconKey size={24} stroke={1.7} />} title={texts.forgotTitle} intro={texts.forgotIntro}>
      <ForgotPasswordForm initialEmail={emailFromState(location.state)} />
    </FlowCard>
  );
}
