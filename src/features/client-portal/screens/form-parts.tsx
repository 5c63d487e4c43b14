import { useSelector } from '@xstate/react';
import { useId, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { QueryMachine } from '@/shared/machines/query.machine';
import type { createSubmitMachine } from '@/shared/machines/submit.machine';

/** What a form screen shows of its submit machine: busy, the result once sent, the errors. */
export function useFormState<I, O>(form: ActorRefFrom<ReturnType<typeof createSubmitMachine<I, O>>>) {
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const done = useSelector(form, (s) => s.matches('saved'));
  const result = useSelector(form, (s) => (s.matches('saved') ? (s.context.result ?? null) : null));
  const error = useSelector(form, (s) => s.context.error);
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  return { busy, done, result, error, fields };
}

/** What a screen shows of a query machine: the data, and whether and why loading failed. */
export function useQueryState<TQuery, TData>(query: ActorRefFrom<QueryMachine<TQuery, TData>>) {
  const data = useSelector(query, (s) => s.context.data);
  const failed = useSelector(query, (s) => s.matches('failed'));
  const error = useSelector(query, (s) => s.context.error);
  return { data, failed, error };
}

/** The values typed into a form, and a change handler per field. */
export function useFieldValues<T extends { [K in keyof T]: string }>(initial: T) {
  const [values, setValues] = useState(initial);
  const set = (k: keyof T) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  return { values, set };
}

/** A labelled form field with its error message tied to the input. */
export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled select of fixed options (value, label). */
export function SelectField({
  label,
  name,
  error,
  value,
  onChange,
  options,
}: {
  label: string;
  name: string;
  error?: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <Field label={label} error={error}>
      {(p) => (
        <select {...p} name={name} value={value} onChange={onChange}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function FormError({ error }: { error: string | null }) {
  return error ? (
    <div className="form-error" role="alert">
      {error}
    </div>
  ) : null;
}

export function LoadError({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <div className="form-error" role="alert">
      {error}{' '}
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

