import { useSelector } from '@xstate/react';
import { TABLE_TEXTS } from '@contracts/common/constants';
import { selectHasFailed, selectSelected } from '@/shared/machines/table/table.selectors';
import { Alert } from '@/shared/ui/components/feedback/Alert';
import { Button } from '@/shared/ui/components/button/Button';
import type { TableActorRef } from './types';
import styles from './DataTable.module.css';

/**
 * What the table says about itself between toolbar and rows: the live status (loading, the row
 * count for screen readers), the '<n> row(s) selected' bar, and a failed load with its retry.
 */
export function DataTableStatus({ actor, loading, hasRows, selectable }: { actor: TableActorRef; loading: boolean; hasRows: boolean; selectable: boolean }) {
  const total = useSelector(actor, (s) => s.context.total);
  const selected = useSelector(actor, selectSelected);
  const failed = useSelector(actor, selectHasFailed);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <>
      <span role="status" className={styles.status}>
        {loading && hasRows ? TABLE_TEXTS.loading : ''}
        <span className="sr-only">{loading ? '' : `${total} rows`}</span>
      </span>
      {selectable && selected.length > 0 ? (
        <div className={styles.selection}>
          {TABLE_TEXTS.selected(selected.length)}{' '}
          <button type="button" className={styles.link} onClick={() => actor.send({ type: 'selection.clear' })}>
            {TABLE_TEXTS.clear}
          </button>
        </div>
      ) : null}
      {failed ? (
        <Alert tone="danger" live title={error ?? 'The rows could not be loaded.'}>
          <Button size="sm" onPress={() => actor.send({ type: 'table.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
    </>
  );
}
