import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { ROWS_PER_PAGE_ALL, ROWS_PER_PAGE_OPTIONS, TABLE_TEXTS } from '@contracts/common/constants';
import { selectIsAll, selectLastPage } from '@/shared/machines/table/table.selectors';
import { Button } from '@/shared/ui/components/button/Button';
import { Select } from '@/shared/ui/components/field/Select';
import { cx } from '@/shared/ui/components/cx';
import fieldStyles from '@/shared/ui/components/field/Field.module.css';
import type { TableActorRef } from './types';
import styles from './DataTable.module.css';

/** The rows-per-page choices: the spec's options, then All. */
const SIZE_ITEMS = [...ROWS_PER_PAGE_OPTIONS.map((n) => ({ id: n, label: String(n) })), { id: ROWS_PER_PAGE_ALL, label: TABLE_TEXTS.all }];

/**
 * The footer: rows per page (with 'All'), Previous, the page-number box 'of <last>', Next; the
 * column chooser sits here when the table has no toolbar.
 */
export function DataTablePager({ actor, id, caption, chooser }: { actor: TableActorRef; id: string; caption: string; chooser: ReactNode }) {
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const pageDraft = useSelector(actor, (s) => s.context.pageDraft);
  const last = useSelector(actor, selectLastPage);
  const isAll = useSelector(actor, selectIsAll);
  return (
    <nav className={cx(styles.footer, chooser ? styles.footerWithChooser : undefined)} aria-label={`${caption} pages`} id={`${id}-pages`}>
      {chooser}
      <Select
        className={styles.size}
        label={TABLE_TEXTS.rowsPerPage}
        items={SIZE_ITEMS}
        selectedKey={pageSize}
        onSelectionChange={(key) => {
          if (key !== null && Number(key) !== pageSize) actor.send({ type: 'page.size', size: Number(key) });
        }}
      />
      <Button size="sm" isDisabled={page <= 1 || isAll} onPress={() => actor.send({ type: 'page.previous' })}>
        {TABLE_TEXTS.previous}
      </Button>
      <span className={styles.page}>
        <label htmlFor={`${id}-page`}>{TABLE_TEXTS.page}</label>{' '}
        <input
          className={cx(fieldStyles.control, styles.pageControl, styles.pageInput)}
          id={`${id}-page`}
          type="text"
          inputMode="numeric"
          value={pageDraft}
          disabled={isAll}
          onChange={(e) => actor.send({ type: 'page.type', text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') actor.send({ type: 'page.commit' });
          }}
          onBlur={() => actor.send({ type: 'page.commit' })}
        />{' '}
        {TABLE_TEXTS.of} <span data-testid="last-page">{last}</span>
      </span>
      <Button size="sm" isDisabled={page >= last || isAll} onPress={() => actor.send({ type: 'page.next' })}>
        {TABLE_TEXTS.next}
      </Button>
    </nav>
  );
}
