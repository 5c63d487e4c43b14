import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { TABLE_TEXTS } from '@contracts/common/constants';
import { SearchField } from '@/shared/ui/components/filter/FilterBar';
import type { TableActorRef } from './types';
import styles from './DataTable.module.css';

/** Above the table: the 'Search Table' box and the column chooser. */
export function DataTableToolbar({ actor, chooser }: { actor: TableActorRef; chooser: ReactNode }) {
  const search = useSelector(actor, (s) => s.context.search);
  return (
    <div className={styles.toolbar}>
      <SearchField
        label={TABLE_TEXTS.search}
        placeholder={TABLE_TEXTS.search}
        value={search}
        onChange={(value) => actor.send({ type: 'search.change', value })}
        className={styles.search}
      />
      {chooser}
    </div>
  );
}
