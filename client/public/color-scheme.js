// Runs before first paint (loaded from <head>; the CSP allows no inline scripts): applies the
// stored colour scheme so a dark-mode reader never sees a white flash. Mirrors the colour scheme
// manager in src/lib/color-scheme.ts: localStorage 'darkMode' is 'true' or 'false'; without it
// the system preference decides.
(function () {
  var dark = false;
  try {
    var stored = window.localStorage.getItem('darkMode');
    dark =
      stored === 'true' ||
      (stored !== 'false' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (e) {
    dark = false;
  }
  var root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
})();
