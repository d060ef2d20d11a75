import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../support/stack.harness';

/** Lints a snippet as if it lived at `file`, with the repository's own ESLint config. */
function lintAs(file: string, code: string): { errorCount: number; messages: string[] } {
  const eslint = path.join(REPO_ROOT, 'node_modules/.bin/eslint');
  const result = spawnSync(eslint, ['--stdin', '--stdin-filename', file, '--format', 'json'], { cwd: REPO_ROOT, input: code, encoding: 'utf8' });
  const [report] = JSON.parse(result.stdout) as Array<{ errorCount: number; messages: Array<{ message: string }> }>;
  return { errorCount: report.errorCount, messages: report.messages.map((message) => message.message) };
}

describe('import boundaries (DESIGN §2)', () => {
  it('fails a service that imports another service, by package or by path', () => {
    const byPackage = lintAs('services/catalog/src/probe.ts', "import { x } from '@commerce/orders-service';\nexport const y = x;\n");
    expect(byPackage.messages.join('\n')).toMatch(/over gRPC, never by import/);
    const byPath = lintAs('services/catalog/src/probe.ts', "import { x } from '../../orders/src/main';\nexport const y = x;\n");
    expect(byPath.errorCount).toBe(1);
  });

  it('fails a library that imports a service or the gateway', () => {
    expect(lintAs('libs/events/src/probe.ts', "import { x } from '@commerce/identity-service';\nexport const y = x;\n").messages.join('\n')).toMatch(/Libraries never import/);
    expect(lintAs('libs/events/src/probe.ts', "import { x } from '@commerce/gateway';\nexport const y = x;\n").errorCount).toBe(1);
  });

  it('lets a service import libraries and its own files', () => {
    expect(lintAs('services/catalog/src/probe.ts', "import { loadConfig } from '@commerce/config';\nimport { x } from './domain/x';\nexport const y = [loadConfig, x];\n").errorCount).toBe(0);
  });
});
