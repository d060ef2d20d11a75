import { CommerceApiError } from '@commerce/sdk';
import type { ReactNode } from 'react';
import { problemOf } from '../api/client';

/**
 * The API's refusal of a form (docs/api-conventions.md#errors): each field's messages beside that field, through
 * `fieldError`, and what names no field of the form in one line above it.
 */
export class FormProblems {
  constructor(
    private readonly error: unknown,
    private readonly fields: readonly string[],
  ) {}

  static none = new FormProblems(null, []);

  /** The messages of `field` (its id in the DOM is `${field}-error`, for aria-describedby). */
  of(field: string): readonly string[] {
    if (!(this.error instanceof CommerceApiError)) return [];
    return Object.entries(this.error.fieldErrors)
      .filter(([name]) => name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`))
      .flatMap(([, messages]) => messages);
  }

  /** The refusal in one sentence when no field of the form explains it. */
  get general(): string | undefined {
    if (!this.error) return undefined;
    if (this.error instanceof CommerceApiError) {
      const named = Object.keys(this.error.fieldErrors).filter((name) =>
        this.fields.some((field) => name === field || name.startsWith(field)),
      );
      if (named.length > 0) return undefined;
      const others = Object.entries(this.error.fieldErrors).map(([name, messages]) => `${name} ${messages.join(', ')}`);
      if (others.length > 0) return `${this.error.message}: ${others.join('; ')}`;
    }
    return problemOf(this.error);
  }
}

/** The field's messages; its id (default `${field}-error`) is what the input names in aria-describedby. */
export function FieldError({ problems, field, id }: { problems: FormProblems; field: string; id?: string }): ReactNode {
  const messages = problems.of(field);
  if (messages.length === 0) return null;
  return (
    <span className="field-error" id={id ?? `${field}-error`} role="alert">
      {messages.join('; ')}
    </span>
  );
}

export function FormError({ problems }: { problems: FormProblems }): ReactNode {
  return problems.general ? (
    <p className="form-error" role="alert">
      {problems.general}
    </p>
  ) : null;
}
