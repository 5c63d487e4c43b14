import { useId, type ReactNode } from 'react';
import { EmptyState, QueryView, SkeletonTable, type QueryViewActor } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import styles from './ListAndForm.module.css';

/** A titled list region: the heading, then the data table (or the skeleton or empty state in a frame like the table's). */
export function ListSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The frame a list's skeleton, error or empty state sits in until the table shows. */
function ListPlaceholder({ children }: { children: ReactNode }) {
  return <div className={styles.placeholder}>{children}</div>;
}

/** Rows on a page of a company's list; the search box shows only when there are more. */
const LIST_PAGE_SIZE = 10;

export type CompanyListProps<R> = {
  /** The section's heading. */
  title: string;
  /** The query of the company's records (one page holds them all). */
  actor: QueryViewActor<{ items: R[] }>;
  /** The table's accessible name. */
  caption: string;
  columns: readonly DataTableColumn<R>[];
  /** Names the table for its remembered column choice. */
  tableId: string;
  /** The skeleton's column widths while the first load runs, and what it is loading. */
  skeleton: { columns: number[]; label: string };
  /** What an empty list says. */
  empty: { title: string; text: string };
};

/**
 * A company's records on the client portal (paper orders, change requests): under its heading, a
 * skeleton while loading, the reason and Try again when it failed, an empty state, else the shared
 * data table in client mode, newest first, ten to a page, searchable above ten.
 */
export function CompanyList<R extends { created_at: string }>({ title, actor, caption, columns, tableId, skeleton, empty }: CompanyListProps<R>) {
  return (
    <ListSection title={title}>
      <QueryView
        actor={actor}
        loading={
          <ListPlaceholder>
            <SkeletonTable rows={4} columns={skeleton.columns} label={skeleton.label} />
          </ListPlaceholder>
        }
        isEmpty={(page) => page.items.length === 0}
        empty={
          <ListPlaceholder>
            <EmptyState compact headingLevel={null} title={empty.title} text={empty.text} />
          </ListPlaceholder>
        }
      >
        {(page) => (
          <DataTable<R>
            caption={caption}
            columns={columns}
            rows={page.items}
            mode="client"
            tableId={tableId}
            searchable={page.items.length > LIST_PAGE_SIZE}
            initialState={{ sort: [{ field: 'created_at', type: 'desc' }], pageSize: LIST_PAGE_SIZE }}
          />
        )}
      </QueryView>
    </ListSection>
  );
}
