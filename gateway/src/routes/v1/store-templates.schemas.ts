import { z } from 'zod';
import { looseBool, looseString } from '../../http/coerce';
import { CEILINGS } from '../../http/ceilings';

/**
 * Inputs of docs/templates.md#routes (docs/templates.md#the-record). Shapes only: what a name, permalink and content may be (blank,
 * reserved, taken, Liquid that does not parse) are the storefront's rules, answered field by field. Content is kept exactly as sent,
 * whitespace included; JSON null counts as absent.
 */
const text = (max: number) =>
  looseString({ max })
    .nullable()
    .optional()
    .transform((value) => value ?? undefined);
const fields = { name: text(CEILINGS.lineChars), permalink: text(CEILINGS.lineChars), content: text(CEILINGS.documentChars) };

/** POST /v1/store/templates: `name` (required), `permalink` (made from the name when absent), `content` (Liquid). */
export const createTemplateInput = z
  .object(fields)
  .strip()
  .transform(({ name, permalink, content }) => ({ name: name ?? '', permalink: permalink ?? '', content: content ?? '' }));

/** PUT /v1/store/templates/:id: the fields given change, the others stay. */
export const updateTemplateInput = z.object(fields).strip();

/**
 * POST /v1/store/templates/:id/preview: unsaved markup to render instead of the saved one (docs/templates.md#preview); the
 * store's `css` and `layout` as PUT /v1/store takes them.
 */
export const previewTemplateInput = z
  .object({
    content: fields.content.describe("the template's Liquid, unsaved; absent: the saved one"),
    css: text(CEILINGS.documentChars).describe("the store's stylesheet, unsaved; absent: the saved one"),
    layout: text(CEILINGS.documentChars).describe("the store's layout (Liquid), unsaved; absent: the saved one"),
    use_default_layout: looseBool()
      .nullable()
      .optional()
      .transform((value) => value ?? undefined)
      .describe("true: the platform's layout instead of the store's own; absent: the saved choice"),
  })
  .strip();
