// Lint plus the architecture's import boundaries (DESIGN §2): a service never imports another
// service, a library never imports a service or the gateway, the gateway never imports a service.
// Every package is tagged in its package.json (`nx.tags`); these rules are the enforcement.
import tseslint from 'typescript-eslint';

const SERVICES = ['identity', 'catalog', 'orders', 'shipping', 'storefront', 'webhooks'];
const serviceImports = (except) =>
  SERVICES.filter((name) => name !== except).flatMap((name) => [`@commerce/${name}-service`, `@commerce/${name}-service/*`, `**/services/${name}/**`, `**/services/${name}`, `**/${name}/src/**`, `**/${name}/dist/**`]);

const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'libs/contracts/src/gen/**', '.data/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...SERVICES.map((name) => ({
    files: [`services/${name}/**/*.ts`],
    rules: forbid([...serviceImports(name), '@commerce/gateway', '**/gateway/src/**'], 'A service talks to other services over gRPC, never by import (DESIGN §1).'),
  })),
  {
    files: ['libs/**/*.ts'],
    rules: forbid([...serviceImports(), '@commerce/gateway', '**/gateway/src/**', '@commerce/launcher', '@commerce/storectl'], 'Libraries never import services or apps (DESIGN §2).'),
  },
  {
    files: ['gateway/**/*.ts', 'deploy/**/*.ts'],
    rules: forbid(serviceImports(), 'Apps reach services over gRPC, never by import (DESIGN §1).'),
  },
);
