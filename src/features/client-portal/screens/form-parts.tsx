import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useLocation, useRouter } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { QueryMachine } from '@/shared/machines/query.machine';
import type { createSubmitMachine } from '@/shared/machines/submit.machine';
import { FormErrorBanner } from '@/shared/ui/components';

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

/** The values typed into a form, and a setter per field (the kit's fields hand over the value). */
export function useFieldValues<T extends { [K in keyof T]: string }>(initial: T) {
  const [values, setValues] = useState(initial);
  const set = (k: keyof T) => (value: string) => setValues((v) => ({ ...v, [k]: value }));
  const reset = () => setValues(initial);
  return { values, set, reset };
}

/*
 * A form's submit button shows it is sending with the kit's `isPending` (spinner, focus kept,
 * presses refused, the pending state said once), also on forms that give way to their
 * confirmation once saved (sign-up, password links, contact support, a new ticket).
 */

/** Why a save failed, above the form (announced; focus moves there); the fields keep their text. */
export function FormError({ error, fields = {}, title }: { error: string | null; fields?: Record<string, string>; title?: string }) {
  const details = Object.values(fields);
  return <FormErrorBanner title={error ? (title ?? error) : undefined} errors={title && error ? [error, ...details] : details} />;
}

/**
 * The kit's links and link buttons (react-aria) navigate inside the portal: their hrefs are
 * relative to /client like wouter's, and a click moves without reloading the page.
 */
export function ClientLinks({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const { base } = useRouter();
  return (
    <RouterProvider navigate={(to) => navigate(to)} useHref={(href) => (href.startsWith('/') && !href.startsWith('//') ? `${base}${href}` : href)}>
      {children}
    </RouterProvider>
  );
}
