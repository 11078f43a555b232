// jsdom lacks a few browser APIs Mantine uses; each test starts with no toasts or modals left,
// each file in English with nothing stored.
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll } from 'vitest';
import { i18n } from '../i18n/i18n';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoResizeObserver });

// Textarea's autosize listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}

// One wait for every findBy/waitFor: the 1 s default fails tests on a busy machine, while a
// passing test never waits it out.
configure({ asyncUtilTimeout: 5000 });

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  notifications.clean();
});

// Files share a jsdom per worker (vitest.config.ts): each starts in English with nothing stored.
beforeAll(async () => {
  await i18n.changeLanguage('en');
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});
