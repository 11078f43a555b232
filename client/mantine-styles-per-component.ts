import type { Plugin } from 'vite';

/**
 * Mantine's styles per component, following the JavaScript.
 *
 * Mantine ships one stylesheet per component (@mantine/core/styles/<Component>.layer.css, see
 * https://mantine.dev/styles/css-files-list/) and, in its ESM build, one class-name module per
 * component (esm/components/<Component>/<Component>.module.mjs) that the component imports. This
 * plugin adds the component's stylesheet import to that class-name module, so a component's CSS
 * lands in exactly the chunk that holds the component: the catalogue's first load carries the
 * styles of the components it renders, and Dropzone's or Stepper's styles come with the lazy page
 * that uses them. A hand-kept list of imports would drift from the components in use (and an
 * unstyled component is easy to miss); this cannot.
 *
 * The .layer.css variants put Mantine's rules in `@layer mantine`, so the app's own unlayered CSS
 * (global.css, the CSS modules) wins whatever order the chunks' stylesheets arrive in.
 */
const CORE_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](?:[^\\/]+[\\/])*([A-Za-z]+)\.module\.mjs$/;
const PACKAGE_CLASSES = /[\\/]@mantine[\\/](dropzone|notifications)[\\/]esm[\\/][A-Za-z]+\.module\.mjs$/;

/** The stylesheet a Mantine class-name module stands for, or null. */
function mantineStylesheetFor(id: string): string | null {
  const path = id.split('?')[0] ?? id;
  const core = CORE_CLASSES.exec(path);
  if (core) return `@mantine/core/styles/${core[1]}.layer.css`;
  const pkg = PACKAGE_CLASSES.exec(path);
  if (pkg) return `@mantine/${pkg[1]}/styles.layer.css`;
  return null;
}

/** The whole sheets, for the dev server (see below). */
const WHOLE_SHEETS = ['@mantine/core/styles.layer.css', '@mantine/notifications/styles.layer.css', '@mantine/dropzone/styles.layer.css'];
const APP_ENTRY = /[\\/]client[\\/]src[\\/]main\.tsx$/;

export function mantineStylesPerComponent(): Plugin {
  let serving = false;
  return {
    name: 'tonieshelf:mantine-styles-per-component',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      // The dev server pre-bundles Mantine without running this plugin over it: there the app's
      // entry imports the whole sheets instead (still in `@layer mantine`, so the order holds).
      if (serving) {
        if (!APP_ENTRY.test(id.split('?')[0] ?? id)) return null;
        return { code: `${WHOLE_SHEETS.map((sheet) => `import ${JSON.stringify(sheet)};`).join('\n')}\n${code}`, map: null };
      }
      const stylesheet = mantineStylesheetFor(id);
      if (!stylesheet) return null;
      return { code: `import ${JSON.stringify(stylesheet)};\n${code}`, map: null };
    },
  };
}
