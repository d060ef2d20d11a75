import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// No hand-written line over 140 characters: Prettier's printWidth (.prettierrc.json), which Prettier itself does not
// enforce on strings, comments, template literals and test titles.
const MAX_LINE = 140;
const REPO_ROOT = path.resolve(__dirname, '../..');
// Generated code (protoc's output), the lock file, prose (Markdown wraps however it likes), and a service's assets
// (the storefront's Liquid pages and CSS, served as they are written).
const EXEMPT = [
  /^libs\/contracts\/src\/gen\//,
  /^libs\/sdk\/src\/generated\//,
  /(^|\/)package-lock\.json$/,
  /\.md$/,
  /^services\/[^/]+\/assets\//,
];
const ASSET = /\.(png|jpe?g|gif|webp|ico|svg|woff2?|ttf|otf|pdf|zip|gz|tgz|db|sqlite)$/i;

/** Every file git tracks that a person writes: no generated code, no lock file, no Markdown, no binaries. */
function handWrittenFiles(): string[] {
  const listing = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listing.split('\0').filter((file) => file !== '' && !EXEMPT.some((pattern) => pattern.test(file)) && !ASSET.test(file));
}

/** `file:line (N chars)` for each line over the limit; a binary file (a NUL byte) or one deleted in the work tree has none. */
function longLines(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  } catch {
    return [];
  }
  if (text.includes('\0')) return [];
  return text.split(/\r?\n/).flatMap((line, index) => {
    const length = [...line].length;
    return length > MAX_LINE ? [`${file}:${index + 1} (${length} chars)`] : [];
  });
}

describe(`line length (no source line over ${MAX_LINE} characters)`, () => {
  it('holds for every tracked hand-written file', () => {
    const files = handWrittenFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(longLines)).toEqual([]);
  });
});
