import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuiltInPageName, BuiltInPages } from '../domain/built-in-pages';
import { DEFAULT_TEMPLATES, type DefaultTemplateKind, type StoreDefaults } from '../domain/default-templates';

/**
 * services/storefront/assets: the same two levels above this file in src/infra/ (jest) and in dist/infra/ (`npm start`,
 * the Docker image), so one path serves both (docs/service-template.md#assets).
 */
export const STOREFRONT_ASSETS_DIR = path.resolve(__dirname, '../../assets');

/** The markup and styles the storefront serves, as the files hold them (byte for byte: buyers see them as they are). */
export interface StorefrontAssets {
  builtInPages: BuiltInPages;
  storeDefaults: StoreDefaults;
}

const PAGE_FILES: Record<BuiltInPageName, string> = {
  layout: 'layout.liquid',
  cart: 'cart.liquid',
  checkout: 'checkout.liquid',
  confirmation: 'confirmation.liquid',
  not_found: 'not-found.liquid',
  error: 'error.liquid',
  unknown_store: 'unknown-store.liquid',
};
const PARTIAL_FILES = ['base.css'];

/** Reads every asset once, at start (a missing file stops the start with its path). */
export function loadStorefrontAssets(dir = STOREFRONT_ASSETS_DIR): StorefrontAssets {
  const read = (...parts: string[]) => readFileSync(path.join(dir, ...parts), 'utf8');
  const pages = Object.fromEntries(Object.entries(PAGE_FILES).map(([name, file]) => [name, read('pages', file)]));
  const partials = Object.fromEntries(PARTIAL_FILES.map((file) => [file, read('pages', file)]));
  const templates = Object.fromEntries(DEFAULT_TEMPLATES.map(({ kind }) => [kind, read('store-defaults', `${kind}.liquid`)]));
  return {
    builtInPages: { pages: pages as Record<BuiltInPageName, string>, partials },
    storeDefaults: {
      layout: read('store-defaults', 'layout.liquid'),
      css: read('store-defaults', 'store.css'),
      templates: templates as Record<DefaultTemplateKind, string>,
    },
  };
}
