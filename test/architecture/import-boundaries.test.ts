import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../support/stack.harness';

/** Lints a snippet as if it lived at `file`, with the repository's own ESLint config. */
function lintAs(file: string, code: string): { errorCount: number; messages: string[] } {
  const eslint = path.join(REPO_ROOT, 'node_modules/.bin/eslint');
  const result = spawnSync(eslint, ['--stdin', '--stdin-filename', file, '--format', 'json'], {
    cwd: REPO_ROOT,
    input: code,
    encoding: 'utf8',
  });
  const [report] = JSON.parse(result.stdout) as Array<{ errorCount: number; messages: Array<{ message: string }> }>;
  return { errorCount: report.errorCount, messages: report.messages.map((message) => message.message) };
}

describe('import boundaries (docs/architecture.md#boundaries-between-services)', () => {
  it('fails a service that imports another service, by package or by path', () => {
    const byPackage = lintAs('services/catalog/src/probe.ts', "import { x } from '@commerce/orders-service';\nexport const y = x;\n");
    expect(byPackage.messages.join('\n')).toMatch(/over gRPC, never by import/);
    const byPath = lintAs('services/catalog/src/probe.ts', "import { x } from '../../orders/src/main';\nexport const y = x;\n");
    expect(byPath.errorCount).toBe(1);
  });

  it('fails a library that imports a service or the gateway', () => {
    expect(
      lintAs('libs/events/src/probe.ts', "import { x } from '@commerce/identity-service';\nexport const y = x;\n").messages.join('\n'),
    ).toMatch(/Libraries never import/);
    expect(lintAs('libs/events/src/probe.ts', "import { x } from '@commerce/gateway';\nexport const y = x;\n").errorCount).toBe(1);
  });

  it('lets a service import libraries and its own files', () => {
    expect(
      lintAs(
        'services/catalog/src/probe.ts',
        "import { loadConfig } from '@commerce/config';\nimport { x } from './domain/x';\nexport const y = [loadConfig, x];\n",
      ).errorCount,
    ).toBe(0);
  });

  describe('inside a service (docs/service-template.md)', () => {
    it('fails domain code that imports app, infra, grpc or the wiring, or a package that does I/O', () => {
      for (const from of ['../app/create-product', '../infra/product.repository', '../grpc/product.handlers', '../service']) {
        expect(
          lintAs('services/catalog/src/domain/probe.ts', `import { x } from '${from}';\nexport const y = x;\n`).messages.join('\n'),
        ).toMatch(/domain\/ imports nothing outside domain/);
      }
      for (const from of ['@commerce/persistence', 'nats', 'node:fs']) {
        expect(
          lintAs('services/shipping/src/domain/probe.ts', `import { x } from '${from}';\nexport const y = x;\n`).messages.join('\n'),
        ).toMatch(/domain\/ does no I\/O/);
      }
    });

    it('lets domain code import its own files, pure libraries, and types', () => {
      const code = [
        "import { x } from './product';",
        "import { validationFailed } from '@commerce/grpc-runtime';",
        "import type { DomainEvent } from '@commerce/events';",
        'export const y: [unknown, unknown, DomainEvent?] = [x, validationFailed];',
        '',
      ].join('\n');
      expect(lintAs('services/catalog/src/domain/probe.ts', code).errorCount).toBe(0);
    });

    it('fails a use case that imports an infra value or a layer above it, and lets it import infra types', () => {
      expect(
        lintAs(
          'services/catalog/src/app/probe.ts',
          "import { ProductRepository } from '../infra/product.repository';\nexport const y = ProductRepository;\n",
        ).messages.join('\n'),
      ).toMatch(/app\/ imports no infra values/);
      expect(
        lintAs(
          'services/catalog/src/app/probe.ts',
          "import { catalogHandlers } from '../grpc/catalog.handlers';\nexport const y = catalogHandlers;\n",
        ).messages.join('\n'),
      ).toMatch(/never imports the layers above/);
      const typeOnly = "import type { ProductRepository } from '../infra/product.repository';\nexport type Y = ProductRepository;\n";
      expect(lintAs('services/catalog/src/app/probe.ts', typeOnly).errorCount).toBe(0);
    });

    it('still fails a domain or app file that imports another service', () => {
      expect(
        lintAs(
          'services/catalog/src/domain/probe.ts',
          "import { x } from '@commerce/orders-service';\nexport const y = x;\n",
        ).messages.join('\n'),
      ).toMatch(/over gRPC, never by import/);
      expect(
        lintAs('services/catalog/src/app/probe.ts', "import { x } from '@commerce/orders-service';\nexport const y = x;\n").messages.join(
          '\n',
        ),
      ).toMatch(/over gRPC, never by import/);
    });
  });
});
