import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { Button } from '@/shared/ui/components/button/Button';
import { Alert } from './Alert';
import { EmptyState } from './EmptyState';
import { SkeletonText } from './Skeleton';

/** The failure's title when the server gave no reason. */
export const QUERY_FAILED = 'This could not be loaded.';
/** The failure's way out. */
export const QUERY_RETRY = 'Try again';

type QuerySnapshot<T> = { context: { data: T | undefined; error: string | null }; matches(state: 'loading' | 'ready' | 'failed'): boolean };

/** What a QueryView reads of a query actor (`createQueryMachine`): its data and error, and `query.reload` for Try again. */
export type QueryViewActor<T> = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): QuerySnapshot<T>;
  send(event: { type: 'query.reload' }): void;
};

export type QueryViewProps<T> = {
  actor: QueryViewActor<T>;
  /** The data, once loaded (and the last good data through a later load or failure). */
  children: (data: T) => ReactNode;
  /** Shown while the first load runs: the skeleton of what comes. Default: three lines of text. */
  loading?: ReactNode;
  /**
   * The failure's title, with the server's reason under it; without one the reason is the title
   * (`errorFallback`, else "This could not be loaded.", when there is no reason).
   */
  errorTitle?: string;
  errorFallback?: string;
  /** A class for a box around the failure's alert (room inside a card that has none). */
  alertClassName?: string;
  /** What an empty answer shows: an empty state's title, or a node of its own; none: the children show it. */
  empty?: ReactNode;
  /** When the data count as empty. Default: an empty array. */
  isEmpty?: (data: T) => boolean;
};

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The load, error and empty states around a query machine, the same on every screen: a skeleton
 * while the first load runs, an alert with the reason and Try again when it failed (above the last
 * good data, which stay), an empty state when the answer holds nothing, else the children with the
 * data. `<QueryView actor={tickets} empty="No tickets yet">{(rows) => …}</QueryView>`.
 */
export function QueryView<T>({ actor, children, loading, errorTitle, errorFallback, alertClassName, empty, isEmpty = emptyArray }: QueryViewProps<T>) {
  const data = useSelector(actor, (s) => s.context.data);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  let body: ReactNode;
  if (data === undefined) body = failed ? null : (loading ?? <SkeletonText />);
  else if (empty !== undefined && isEmpty(data)) body = typeof empty === 'string' ? <EmptyState title={empty} /> : empty;
  else body = children(data);
  const alert = failed ? (
    <Alert tone="danger" live title={errorTitle ?? error ?? errorFallback ?? QUERY_FAILED}>
      {errorTitle && error ? <>{error} </> : null}
      <Button size="sm" variant="secondary" onPress={() => actor.send({ type: 'query.reload' })}>
        {QUERY_RETRY}
      </Button>
    </Alert>
  ) : null;
  return (
    <>
      {alert && alertClassName ? <div className={alertClassName}>{alert}</div> : alert}
      {body}
    </>
  );
}
