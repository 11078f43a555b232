// The account words every page shows (the header's Sign In and account menu, the protected
// routes, the sign-in and sign-out toasts), in English and German, apart from the sign-in and
// security pages' many texts (auth-texts.ts, which includes these): the shell loads only these.
import { defineTexts } from '../../i18n/texts';

/** SPEC §8 'Account toasts'. */
const AUTH_TOASTS = {
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

/** SPEC §2 'Header and footer' and the protected routes. */
export const AUTH_SHELL_EN = {
  toasts: AUTH_TOASTS,
  signedInAs: 'Signed in as',
  signOut: 'Sign Out',
  loginRequired: 'Login Required',
  logInOrRegister: 'Log In or Register',
  accountSecurity: 'Account security',
  myShelves: 'My shelves',
  myProfile: 'My profile',
  signIn: 'Sign In',
  account: 'Account',
  moderation: 'Moderation',
  /** Read after the username the account button shows: its name is '{username} – account menu'. */
  accountMenuSuffix: ' – account menu',
  loading: 'Loading',
};

export const AUTH_SHELL_DE = {
  toasts: {
    loginSuccess: 'Anmeldung erfolgreich',
    welcomeBack: 'Willkommen zurück, ',
    loginFailed: 'Anmeldung fehlgeschlagen',
    loginFailedFallback: 'Bitte prüf deine Angaben und versuch es noch einmal.',
    registrationSuccess: 'Registrierung erfolgreich',
    welcomeToCommunity: 'Willkommen in der Community, ',
    registrationFailed: 'Registrierung fehlgeschlagen',
    registrationFailedFallback: 'Bitte versuch es mit einer anderen E-Mail-Adresse oder prüf deine Angaben.',
    loggedOut: 'Abgemeldet',
    loggedOutMessage: 'Du hast dich erfolgreich abgemeldet.',
    logoutFailed: 'Abmelden fehlgeschlagen',
    logoutFailedFallback: 'Beim Abmelden ist etwas schiefgelaufen.',
  },
  signedInAs: 'Angemeldet als',
  signOut: 'Abmelden',
  loginRequired: 'Anmeldung erforderlich',
  logInOrRegister: 'Anmelden oder registrieren',
  accountSecurity: 'Kontosicherheit',
  myShelves: 'Meine Regale',
  myProfile: 'Mein Profil',
  signIn: 'Anmelden',
  account: 'Konto',
  moderation: 'Moderation',
  accountMenuSuffix: ' – Kontomenü',
  loading: 'Wird geladen',
};

export const useAuthShellTexts = defineTexts('authShell', AUTH_SHELL_EN, AUTH_SHELL_DE);
