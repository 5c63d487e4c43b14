import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useLocation, useRouter } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { QueryMachine } from '@/shared/machines/query.machine';
import { FormErrorBanner } from '@/shared/ui/components';

// The form hooks are light (the public pages use them too): they live in form-state.ts.
export { useFieldValues, useFormState } from './form-state';

/** What a screen shows of a query machine: the data, and whether and why loading failed. */
export function useQueryState<TQuery, TData>(query: ActorRefFrom<QueryMachine<TQuery, TData>>) {
  const data = useSelector(query, (s) => s.context.data);
  const failed = useSelector(query, (s) => s.matches('failed'));
  const error = useSelector(query, (s) => s.context.error);
  return { data, failed, error };
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
