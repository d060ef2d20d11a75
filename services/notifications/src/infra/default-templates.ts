import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DefaultTemplates, TemplateMarkup } from '../app/notifications-deps';
import { EMAIL_KINDS, type EmailKind } from '../domain/email-kinds';

/**
 * services/notifications/assets/email: the same two levels above this file in src/infra/ (jest) and in dist/infra/
 * (`npm start`, the Docker image), so one path serves both (docs/service-template.md#assets).
 */
export const EMAIL_ASSETS_DIR = path.resolve(__dirname, '../../assets/email');

/**
 * The platform's default template of each kind (docs/notifications.md#templates), read once at start: `<kind>.subject.liquid`
 * (its one line, the file's final newline dropped) and `<kind>.html.liquid`. A missing file stops the start with its path.
 */
export function loadDefaultTemplates(dir = EMAIL_ASSETS_DIR): DefaultTemplates {
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  const markupOf = (kind: EmailKind): TemplateMarkup => ({
    subject: read(`${kind}.subject.liquid`).trim(),
    body: read(`${kind}.html.liquid`),
  });
  return Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, markupOf(kind)])) as Record<EmailKind, TemplateMarkup>;
}
