import fs from 'node:fs';
import path from 'node:path';

/**
 * Every example of libs/sdk/README.md is a file of libs/sdk/examples, quoted whole under a first line naming it
 * (`// examples/paginate.ts`); test/stack/sdk.test.ts runs each file against the real stack.
 */

const SDK = path.resolve(__dirname, '..');

function quotedExamples(): Map<string, string> {
  const readme = fs.readFileSync(path.join(SDK, 'README.md'), 'utf8');
  const quoted = new Map<string, string>();
  for (const [, name, source] of readme.matchAll(/```ts\n\/\/ (examples\/[a-z-]+\.ts)\n([\s\S]*?)```/g)) quoted.set(name!, source!);
  return quoted;
}

describe('libs/sdk/README.md', () => {
  it('quotes every example file, each as it is', () => {
    const files = fs.readdirSync(path.join(SDK, 'examples')).map((file) => `examples/${file}`);
    const quoted = quotedExamples();

    expect([...quoted.keys()].sort()).toEqual(files.sort());
    for (const [name, source] of quoted) expect({ name, source }).toEqual({ name, source: fs.readFileSync(path.join(SDK, name), 'utf8') });
  });

  it('has no TypeScript block that is not an example file', () => {
    const readme = fs.readFileSync(path.join(SDK, 'README.md'), 'utf8');
    expect(readme.match(/```ts\n/g)).toHaveLength(quotedExamples().size);
  });

  it('has every example run by the stack test', () => {
    const stackTest = fs.readFileSync(path.resolve(SDK, '../../test/stack/sdk.test.ts'), 'utf8');
    const unrun = [...quotedExamples().keys()].filter((name) => !stackTest.includes(`'../../libs/sdk/${name.replace(/\.ts$/, '')}'`));
    expect(unrun).toEqual([]);
  });
});
