// The account's notes on the audio pages: an address not verified yet holds publishing back,
// and a refused publish offers 'Send the link again'.
import { EmailUnverifiedAlert } from '../../features/account/email-unverified-alert';
import { UnverifiedNotice } from '../../features/account/unverified-notice';
import type { UnverifiedRefusal } from '../../features/audio/upload-status';

export const unverifiedNotice = <UnverifiedNotice />;

export const unverifiedRefusal: UnverifiedRefusal = (props) => <EmailUnverifiedAlert {...props} />;
