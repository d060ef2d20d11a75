import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TEMPLATES } from '../domain/default-templates';
import { LiquidPageEngine } from './liquid.engine';
import { loadStorefrontAssets, STOREFRONT_ASSETS_DIR } from './storefront-assets';

describe('the storefront assets', () => {
  it('are the files of services/storefront/assets, two levels above src/infra/ as above dist/infra/', () => {
    expect(path.relative(path.resolve(__dirname, '../..'), STOREFRONT_ASSETS_DIR)).toBe('assets');
  });

  it('hold every built-in page, the base styles they include, and every default a new store starts with', async () => {
    const { builtInPages, storeDefaults } = loadStorefrontAssets();
    expect(Object.keys(builtInPages.pages).sort()).toEqual([
      'cart',
      'checkout',
      'confirmation',
      'error',
      'layout',
      'not_found',
      'unknown_store',
    ]);
    expect(Object.keys(storeDefaults.templates).sort()).toEqual(DEFAULT_TEMPLATES.map((template) => template.kind).sort());
    expect(storeDefaults.layout).toContain('{{ page_content }}');
    expect(storeDefaults.css).toContain('body');

    const page = await new LiquidPageEngine(builtInPages).renderBuiltIn('unknown_store', {});
    expect(page).toContain(`<style>\n${builtInPages.partials['base.css']}</style>`);
    expect(page).not.toContain('render');
  });

  it('stop the start with the path of a file that is missing', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-assets-'));
    try {
      expect(() => loadStorefrontAssets(empty)).toThrow(path.join(empty, 'pages', 'layout.liquid'));
    } finally {
      fs.rmSync(empty, { recursive: true });
    }
  });
});
