import { PAGE_TEXTS } from '@tonieshelf/shared/messages';
import { ComingSoon } from '../components/coming-soon';

/** /auth: sign in and register. Accounts land with the auth issue. */
export function AuthPage() {
  return (
    <ComingSoon
      title={PAGE_TEXTS.auth.title}
      subtitle="Keep track of your collection, rate Tonies and share audio with the community"
      purpose="Here you will create an account and sign in."
    />
  );
}
