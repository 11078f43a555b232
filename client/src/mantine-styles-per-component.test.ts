import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { mantineStylesPerComponent } from '../mantine-styles-per-component';

type Hooks = { configResolved(config: { command: string }): void; transform(code: string, id: string): { code: string } | null };

function pluginFor(command: 'build' | 'serve'): Hooks {
  const plugin = mantineStylesPerComponent() as Plugin & Hooks;
  plugin.configResolved({ command });
  return plugin;
}

const BUTTON_CLASSES = '/app/node_modules/@mantine/core/esm/components/Button/Button.module.mjs';
const ENTRY = '/app/client/src/main.tsx';

describe("Mantine's styles per component", () => {
  it('in a build, a component brings its own stylesheet and the entry none', () => {
    const plugin = pluginFor('build');
    expect(plugin.transform('export default {};', BUTTON_CLASSES)?.code).toMatch(/^import "@mantine\/core\/styles\/Button\.layer\.css";/);
    expect(plugin.transform('export default {};', '/app/node_modules/@mantine/dropzone/esm/Dropzone.module.mjs')?.code).toContain('@mantine/dropzone/styles.layer.css');
    expect(plugin.transform('render();', ENTRY)).toBeNull();
  });

  it('on the dev server (which pre-bundles Mantine past this plugin), the entry imports the whole sheets', () => {
    const plugin = pluginFor('serve');
    const entry = plugin.transform('render();', ENTRY)?.code ?? '';
    for (const sheet of ['@mantine/core/styles.layer.css', '@mantine/notifications/styles.layer.css', '@mantine/dropzone/styles.layer.css'])
      expect(entry).toContain(`import "${sheet}";`);
    expect(plugin.transform('export default {};', BUTTON_CLASSES)).toBeNull();
  });
});
