import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
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

/** The values typed into a form, and a setter per field (the kit's fields hand over the value). */
export function useFieldValues<T extends { [K in keyof T]: string }>(initial: T) {
  const [values, setValues] = useState(initial);
  const set = (k: keyof T) => (value: string) => setValues((v) => ({ ...v, [k]: value }));
  const reset = () => setValues(initial);
  return { values, set, reset };
}
