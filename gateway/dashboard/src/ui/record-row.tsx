import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FieldError, FormError, FormProblems } from './field-errors';
import { useNotify } from './notices';

/** What a row's fields are drawn with: each field's refusal, and the id its input names in `aria-describedby`. */
export interface RowFields {
  errorId(field: string): string;
  error(field: string): ReactNode;
}

/** Deleting the row's record, asked first. */
export interface RowDelete<Answer> {
  run: () => Promise<Answer>;
  /** The question asked before (`Delete the tax rate “NY”?`). */
  confirm: string;
  /** The notice once done (`Deleted tax rate “NY”.`). */
  done: (answer: Answer) => string;
  /** The button's words, idle and running: Delete, Deleting… unless given. */
  label?: string;
  pendingLabel?: string;
  /** The button's name for screen readers, where its words alone would be ambiguous on the page. */
  ariaLabel?: string;
  className?: string;
}

export interface RecordRowProps<Answer> {
  /** The form's name for screen readers (`Tax rate NY sales tax`, `New tax rate`). */
  name: string;
  /** The row's classes: `record-row` (a wrapping line of fields) unless given. */
  className?: string;
  /** Prefixes the ids of the fields' refusals: unique on the page (`tax-rate-3`). */
  idPrefix: string;
  /** The fields the API may name that the row shows beside themselves; a refusal naming none goes above the row. */
  fields: readonly string[];
  /** Saves what the form holds (a POST for a new record, a PUT for one that exists). */
  save: (form: FormData) => Promise<Answer>;
  /** The notice once saved (`Added tax rate “NY”.`). */
  saved: (answer: Answer) => string;
  /** The save button's words (`Save`, `Add rate`); `Saving…` while it runs. */
  saveLabel: string;
  saveAriaLabel?: string;
  /** For a record that exists: its delete button. */
  remove?: RowDelete<Answer>;
  /** After a save or a delete: what to read again. */
  onChange: () => void;
  /** A new record's row is blanked once the record is added, for the next one. */
  blankOnSave?: boolean;
  children: (fields: RowFields) => ReactNode;
  /** Below the buttons (a hint about the record). */
  footer?: ReactNode;
}

/**
 * One record edited in its own row (docs/dashboard.md#pages): its fields, Save, and Delete after a confirmation. Each
 * button is disabled and says so while it runs, what it did is announced, and a refusal shows beside the field it names
 * or above the row. Enter in a field saves, as in any form.
 */
export function RecordRow<Answer>(props: RecordRowProps<Answer>): ReactNode {
  const { name, idPrefix, fields, remove: removal, onChange, children } = props;
  const notify = useNotify();
  const [generation, setGeneration] = useState(0);
  const save = useMutation({
    mutationFn: props.save,
    onSuccess: (answer) => {
      onChange();
      if (props.blankOnSave) setGeneration((was) => was + 1);
      notify(props.saved(answer));
    },
  });
  const remove = useMutation({
    mutationFn: async () => removal!.run(),
    onSuccess: (answer) => {
      onChange();
      notify(removal!.done(answer));
    },
  });
  const failed = save.error ?? remove.error;
  const problems = failed ? new FormProblems(failed, fields) : FormProblems.none;
  const errorId = (field: string) => `${idPrefix}-${field}-error`;
  const rowFields: RowFields = {
    errorId,
    error: (field) => <FieldError problems={problems} field={field} id={errorId(field)} />,
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    remove.reset();
    save.mutate(new FormData(event.currentTarget));
  };
  return (
    <form key={generation} className={props.className ?? 'record-row'} aria-label={name} onSubmit={submit}>
      <FormError problems={problems} />
      {children(rowFields)}
      <span className="row-buttons">
        <button type="submit" disabled={save.isPending} aria-label={props.saveAriaLabel}>
          {save.isPending ? 'Saving…' : props.saveLabel}
        </button>
        {removal && (
          <button
            type="button"
            className={removal.className ?? 'danger'}
            disabled={remove.isPending}
            aria-label={removal.ariaLabel}
            onClick={() => {
              save.reset();
              if (confirm(removal.confirm)) remove.mutate();
            }}
          >
            {remove.isPending ? (removal.pendingLabel ?? 'Deleting…') : (removal.label ?? 'Delete')}
          </button>
        )}
      </span>
      {props.footer}
    </form>
  );
}
