// The account texts of SPEC §2 and §8, word for word, and the few texts of our own that the
// account pages need. (shared/src/messages.ts is the home for the spec's texts; these can move
// there when the server needs them too.)
import { PRODUCT_NAME } from '@tonieshelf/shared/constants';

/** SPEC §8 'Account toasts'. */
export const AUTH_TOASTS = {
  loginSuccess: 'Login successful',
  welcomeBack: 'Welcome back, ',
  loginFailed: 'Login failed',
  loginFailedFallback: 'Please check your credentials and try again.',
  registrationSuccess: 'Registration successful',
  welcomeToCommunity: 'Welcome to the community, ',
  registrationFailed: 'Registration failed',
  registrationFailedFallback: 'Please try a different email or check your input.',
  loggedOut: 'Logged out',
  loggedOutMessage: 'You have been logged out successfully.',
  logoutFailed: 'Logout failed',
  logoutFailedFallback: 'There was an issue logging you out.',
} as const;

/** SPEC §2 'Sign in and register', 'Header and footer' and the protected routes. */
export const AUTH_TEXTS = {
  loginTab: 'Login',
  registerTab: 'Register',
  signedInAs: 'Signed in as',
  signOut: 'Sign Out',
  loginRequired: 'Login Required',
  logInOrRegister: 'Log In or Register',
  accountSecurity: 'Account security',
  sidePanelTitle: `Welcome to ${PRODUCT_NAME}`,
  sidePanelSubtitle: 'Join a community of Tonie fans who keep track of their shelves and share what their kids love.',
  blurbs: [
    { title: 'Track Collection', text: 'Keep an eye on the Tonies you own and the ones still on your wish list.' },
    { title: 'Rate Tonies', text: 'Give one to five stars and write a short review to help other families choose.' },
    { title: 'Tag Features', text: 'Tag Tonies with what stands out, like bedtime, sing-along or learning.' },
    { title: 'Discover New Tonies', text: 'Find favourites through the ratings, reviews and tags of other fans.' },
  ],
} as const;

/** What a generic failure says when the server gave no readable message. */
export const GENERIC_ERROR = 'Something went wrong. Please try again.';
