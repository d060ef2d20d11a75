// Lint plus the architecture's import boundaries (docs/architecture.md#boundaries-between-services): a service never imports another
// service, a library never imports a service or the gateway, the gateway never imports a service.
// Every package is tagged in its package.json (`nx.tags`); these rules are the enforcement.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SERVICES = ['identity', 'catalog', 'orders', 'shipping', 'storefront', 'webhooks', 'media', 'notifications'];
const serviceImports = (except) =>
  SERVICES.filter((name) => name !== except).flatMap((name) => [
    `@commerce/${name}-service`,
    `@commerce/${name}-service/*`,
    `**/services/${name}/**`,
    `**/services/${name}`,
    `**/${name}/src/**`,
    `**/${name}/dist/**`,
  ]);

// One rule entry per file set (a later entry replaces an earlier one for the same files), so each set lists all its patterns.
const forbidAll = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
const forbid = (group, message) => forbidAll({ group, message });

// Inside a service (docs/service-template.md): service.ts → grpc/ → app/ → domain/; infra/ implements app's ports.
const IO_PACKAGES = [
  '@commerce/persistence',
  '@commerce/events',
  '@commerce/service-host',
  'nats',
  '@grpc/grpc-js',
  'mongodb',
  'better-sqlite3',
  'express',
  'node:fs',
  'node:fs/*',
  'fs',
  'node:net',
  'node:http',
  'node:http2',
];
const DOMAIN_RULES = [
  { group: ['../*', '../**'], message: 'domain/ imports nothing outside domain/ (docs/service-template.md).' },
  { group: IO_PACKAGES, allowTypeImports: true, message: 'domain/ does no I/O: rules are plain functions (docs/service-template.md).' },
];
const APP_RULES = [
  {
    group: ['../infra', '../infra/*', '../infra/**'],
    allowTypeImports: true,
    message: 'app/ imports no infra values: declare a port in app/ and implement it in infra/ (docs/service-template.md).',
  },
  {
    group: ['../grpc', '../grpc/*', '../grpc/**', '../service', '../main'],
    message: 'app/ never imports the layers above it (docs/service-template.md).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'libs/contracts/src/gen/**',
      'libs/sdk/src/generated/**',
      '.data/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...SERVICES.flatMap((name) => {
    const otherServices = {
      group: [...serviceImports(name), '@commerce/gateway', '**/gateway/src/**'],
      message: 'A service talks to other services over gRPC, never by import (docs/architecture.md#boundaries-between-services).',
    };
    return [
      { files: [`services/${name}/**/*.ts`], rules: forbidAll(otherServices) },
      { files: [`services/${name}/src/domain/**/*.ts`], rules: forbidAll(otherServices, ...DOMAIN_RULES) },
      // A use case's unit test may wire the real repository on an in-memory database.
      { files: [`services/${name}/src/app/**/*.ts`], ignores: ['**/*.test.ts'], rules: forbidAll(otherServices, ...APP_RULES) },
    ];
  }),
  {
    files: ['libs/**/*.ts'],
    rules: forbid(
      [...serviceImports(), '@commerce/gateway', '**/gateway/src/**', '@commerce/launcher', '@commerce/storectl'],
      'Libraries never import services or apps (docs/architecture.md#boundaries-between-services).',
    ),
  },
  // The SDK is published on its own: at run time it needs only node, openapi-fetch and standardwebhooks
  // (libs/sdk/test/published-package.unit.test.ts checks the built dist too).
  {
    files: ['libs/sdk/src/**/*.ts'],
    rules: forbid(
      ['@commerce/*', '../../*', '../../**'],
      'The SDK is published alone: nothing of the monorepo at run time (libs/sdk/README.md#what-it-depends-on).',
    ),
  },
  // Its tests hold it against the platform: the gateway's OpenAPI document, the public topics.
  {
    files: ['libs/sdk/test/**/*.ts'],
    rules: forbid(
      serviceImports(),
      'The SDK talks to services through the API, never by import (docs/architecture.md#boundaries-between-services).',
    ),
  },
  {
    files: ['gateway/**/*.ts', 'deploy/**/*.ts'],
    rules: forbid(serviceImports(), 'Apps reach services over gRPC, never by import (docs/architecture.md#boundaries-between-services).'),
  },
  // The dashboard is an app on the public API like any other (docs/dashboard.md): the SDK, never the gateway's code.
  {
    files: ['gateway/dashboard/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(
        [...serviceImports(), '@commerce/!(sdk)', '**/gateway/src/**', '../../src/**'],
        'The dashboard uses only the public API, through @commerce/sdk (docs/dashboard.md#how-it-is-built).',
      ),
    },
  },
);
