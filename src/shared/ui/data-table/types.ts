/** Types shared by the data table's components. */
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Row, TableMachine } from '@/shared/machines/table/table.machine';
import type { ColumnOptions } from '@/shared/machines/table/table.types';

/** Column options of spec 3, plus how a cell renders when plain text is not enough. */
export type DataTableColumn<R = Row> = ColumnOptions<R> & { cell?: (row: R) => ReactNode };

export type TableActorRef = ActorRefFrom<TableMachine>;
