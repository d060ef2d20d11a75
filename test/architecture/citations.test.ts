import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/stack.harness';

/**
 * Everything the code cites resolves inside the repository (issue 31 item 3): design decisions live in `docs/`, and
 * code, protos, configs and Markdown cite `docs/<page>.md#<section>`. Citations of documents a clone does not have
 * (the design input, the original API's specification, the style guide) are refused, and so is a docs citation
 * whose page or heading does not exist.
 */

const SECTION = '\u00a7'; // written so, this file holds no citation of its own

/** Old citation forms, each with a name for the failure message. */
const FORBIDDEN: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'design input', pattern: new RegExp(`\\bDESIGN\\s+(?:${SECTION}|section\\s+\\d)`) },
  { name: 'spec section', pattern: new RegExp(`\\bspec\\s+${SECTION}?\\d+(?:\\.\\d+)*`, 'i') },
  { name: 'style guide', pattern: new RegExp(`\\bSTYLE\\s+${SECTION}`) },
  { name: 'link outside the repository', pattern: /(?:\.\.\/)+shared\/|\/work\/shared\// },
];

/** The old citations in a text, as `line: name: match`. */
function oldCitations(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { name, pattern } of FORBIDDEN) {
      const match = pattern.exec(line);
      if (match) found.push(`${index + 1}: ${name}: ${match[0]}`);
    }
  });
  return found;
}

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (fenced code skipped; a repeated heading gets -1, -2...). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMark) {
      if (fence === undefined) fence = fenceMark[1][0];
      else if (fenceMark[1][0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** `docs/<page>.md#<anchor>` anywhere (code comments, or a Markdown link from any folder). */
const DOCS_REF = /(?:^|[^\w-])(?:\.\.\/)*docs\/([\w-]+)\.md(?:#([^\s)`'",;:]*[\w-]))?/g;
/** A Markdown link inside docs/: `](page.md#anchor)` or `](#anchor)`. */
const DOCS_LINK = /\]\((?!https?:)([\w-]+\.md)?(?:#([^)\s]+))?\)/g;

/** The references of a text to docs pages or headings that do not exist. `inDocs` names the page the text is, if any. */
function brokenReferences(text: string, pages: ReadonlyMap<string, Set<string>>, inDocs?: string): string[] {
  const broken: string[] = [];
  const check = (page: string, anchor: string | undefined, as: string): void => {
    const anchors = pages.get(page);
    if (!anchors) broken.push(`${as}: no page docs/${page}.md`);
    else if (anchor !== undefined && !anchors.has(anchor)) broken.push(`${as}: docs/${page}.md has no heading #${anchor}`);
  };
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(DOCS_REF)) check(match[1], match[2], `${index + 1}: ${match[0].trim()}`);
    if (inDocs === undefined) return;
    for (const match of line.matchAll(DOCS_LINK)) {
      if (match[1] === undefined && match[2] === undefined) continue;
      check(match[1] ? match[1].replace(/\.md$/, '') : inDocs, match[2], `${index + 1}: ${match[0]}`);
    }
  });
  return broken;
}

const SCANNED = /\.(ts|js|mjs|cjs|md|ya?ml|proto)$/;
/** This file's samples are wrong on purpose (the second describe proves the checks bite on them). */
const THIS_FILE = 'test/architecture/citations.test.ts';

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => SCANNED.test(file) && file !== THIS_FILE && !/(^|\/)(node_modules|dist)\//.test(file))
    .filter((file) => existsSync(path.join(REPO_ROOT, file)));
}

function docsPages(): Map<string, Set<string>> {
  const pages = new Map<string, Set<string>>();
  for (const file of repositoryFiles().filter((f) => /^docs\/[\w-]+\.md$/.test(f))) {
    pages.set(path.basename(file, '.md'), anchorsOf(readFileSync(path.join(REPO_ROOT, file), 'utf8')));
  }
  return pages;
}

describe('citations resolve inside the repository', () => {
  const files = repositoryFiles();
  const pages = docsPages();

  it('finds the files and the docs pages it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(pages.get('orders')?.has('records')).toBe(true);
  });

  it('cites no design input, spec section, style guide or document outside the repository', () => {
    const found = files.flatMap((file) => oldCitations(readFileSync(path.join(REPO_ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });

  it('cites only docs pages and headings that exist', () => {
    const broken = files.flatMap((file) => {
      const inDocs = /^docs\/([\w-]+)\.md$/.exec(file)?.[1];
      return brokenReferences(readFileSync(path.join(REPO_ROOT, file), 'utf8'), pages, inDocs).map((hit) => `${file}:${hit}`);
    });
    expect(broken).toEqual([]);
  });

  it('links the docs from the README, not the shared spec', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    for (const page of ['architecture', 'catalog', 'orders', 'shipping', 'webhooks', 'oauth', 'api-conventions', 'events']) {
      expect(readme).toContain(`](docs/${page}.md`);
    }
  });
});

describe('the citation checks bite', () => {
  it('refuses every old form', () => {
    const samples = [
      `the envelope (DESIGN ${SECTION}5)`,
      `The buyer site (DESIGN section 10): every page`,
      `a product as spec 2.3 lists it`,
      `Spec 4.6–4.8 and the records`,
      `needs a credential (spec ${SECTION}4 rule 1)`,
      `one error model (STYLE ${SECTION}Conventions 2)`,
      'The API follows [`spec/store-api.md`](../shared/spec/store-api.md)',
    ];
    for (const sample of samples) expect(oldCitations(sample)).toHaveLength(1);
  });

  it('lets through what is not an old citation', () => {
    const samples = [
      `RFC 6749 ${SECTION}5.2: 401 for a failed client authentication`,
      'the order as docs/orders.md#records renders it',
      "in the spec's key order",
      'a zod schema (spec of the input) parsed once',
    ];
    for (const sample of samples) expect(oldCitations(sample)).toEqual([]);
  });

  it('makes anchors as GitHub does, headings in fenced code aside', () => {
    expect(slug('Retrying a POST safely: `Idempotency-Key`')).toBe('retrying-a-post-safely-idempotency-key');
    expect(slug('Checkout (buyer path)')).toBe('checkout-buyer-path');
    expect(slug('`WEBHOOK_SECRET_KEY`')).toBe('webhook_secret_key');
    expect(slug('Answers, retries and their end')).toBe('answers-retries-and-their-end');
    const anchors = anchorsOf('# Page\n## Limits\n```sh\n# not a heading\n```\n### Limits\n');
    expect([...anchors]).toEqual(['page', 'limits', 'limits-1']);
  });

  it('reports a missing page or heading, in code and in docs links', () => {
    const pages = new Map([['orders', new Set(['records', 'statuses'])]]);
    expect(brokenReferences('see docs/orders.md#records and ../../docs/orders.md#statuses', pages)).toEqual([]);
    expect(brokenReferences('(docs/orders.md#record)', pages)).toEqual([
      '1: (docs/orders.md#record: docs/orders.md has no heading #record',
    ]);
    expect(brokenReferences('// docs/order.md', pages)).toEqual(['1: docs/order.md: no page docs/order.md']);
    expect(brokenReferences('[Statuses](#statuses), [x](orders.md#nope)', pages, 'orders')).toEqual([
      '1: ](orders.md#nope): docs/orders.md has no heading #nope',
    ]);
  });
});
