import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { createFormMachine } from '../../machines/client/form.machine';

type FormActor = ActorRefFrom<ReturnType<typeof createFormMachine<unknown, unknown>>>;

/** What a form screen shows of its form machine: busy, the result once sent, the errors. */
export function useFormState<TResult = unknown>(form: FormActor) {
  const busy = useSelector(form, (s) => s.matches('submitting'));
  const done = useSelector(form, (s) => s.matches('done'));
  const result = useSelector(form, (s) => (s.matches('done') ? (s.context.result as TResult) : null));
  const error = useSelector(form, (s) => s.context.error);
  const fields = useSelector(form, (s) => s.context.fieldErrors);
  return { busy, done, result, error, fields };
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

export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');
export const formatDateTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
