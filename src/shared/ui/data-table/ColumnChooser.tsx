import { choosableColumns } from '@/shared/machines/table/columns';
import type { Row } from '@/shared/machines/table/table.machine';
import { Button } from '@/shared/ui/components/button/Button';
import { Menu, MenuItem, MenuTrigger } from '@/shared/ui/components/menu/Menu';
import type { DataTableColumn, TableActorRef } from './types';
import styles from './DataTable.module.css';

/**
 * The column chooser: a menu of checkboxes, one per column that is not permanently hidden; each
 * change is a `columns.choose` event (the machine remembers the choice per table).
 */
export function ColumnChooser({ actor, columns, shown }: { actor: TableActorRef; columns: readonly DataTableColumn<Row>[]; shown: readonly DataTableColumn<Row>[] }) {
  const choosable = choosableColumns(columns);
  const selected = shown.map((c) => c.field);
  return (
    <MenuTrigger>
      <Button size="sm" variant="quiet" className={styles.chooser}>
        Columns
      </Button>
      <Menu
        aria-label="Columns"
        selectionMode="multiple"
        shouldCloseOnSelect={false}
        selectedKeys={selected}
        placement="bottom end"
        onSelectionChange={(keys) => {
          const next = keys === 'all' ? choosable.map((c) => c.field) : [...keys].map(String);
          for (const c of choosable) {
            const was = selected.includes(c.field);
            const now = next.includes(c.field);
            if (was !== now) actor.send({ type: 'columns.choose', field: c.field, show: now });
          }
        }}
      >
        {choosable.map((c) => (
          <MenuItem key={c.field} id={c.field} textValue={c.label}>
            {c.label}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
