// Whether this browser was signed in when it last asked the server (auth.me), so that a page can
// lay out for the likely answer while the question is out: the catalogue keeps the room of its
// 'Sign in' line for a visitor who was signed out (most are), and none for one who was not.
// Only a layout hint: what is shown always follows the server's answer.
const SIGNED_IN_KEY = 'tonieshelf.signedIn';

export function wasSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage refused (private mode, quota): the hint stays what it was.
  }
}
