import type { ReactNode } from 'react';
import { TABLE_TEXTS } from '@contracts/common/constants';
import { FilterBar, SearchField } from '@/shared/ui/components/filter/FilterBar';
import { PageHeader } from '@/shared/ui/components/layout/PageHeader';
import styles from './SearchPage.module.css';

export type SearchPageProps = {
  /** The page's <h1> ("Ticket Search"). */
  title: string;
  subtitle?: ReactNode;
  /** Beside the title, on its line (the ticket search's views). */
  meta?: ReactNode;
  /** The page's actions ("Create Ticket"). */
  actions?: ReactNode;
  /** What narrows the list beyond its filters (a report's drill-down), above the table. */
  notice?: ReactNode;
  /**
   * The filter bar above the table: its accessible name, the search (its text in the URL, set
   * after a pause in typing), the chips of what is applied, and the other filters after the search.
   */
  filters?: {
    label: string;
    search?: { text: string; onChange: (text: string) => void; placeholder?: string; className?: string };
    chips?: ReactNode;
    children?: ReactNode;
  };
  /** The table (a `DataTable` fed by `useUrlSearchTable`). */
  children: ReactNode;
};

/**
 * The layout of a URL-filtered search page (ticket, company, project and quote lists): the header,
 * an optional notice, the filter bar with its search field and chips, then the table.
 */
export function SearchPage({ title, subtitle, meta, actions, notice, filters, children }: SearchPageProps) {
  const search = filters?.search;
  return (
    <div className={styles.page}>
      <PageHeader title={title} subtitle={subtitle} meta={meta} actions={actions} />
      {notice}
      {filters ? (
        <FilterBar label={filters.label} className={styles.bar} chips={filters.chips}>
          {search ? (
            <SearchField
              // A search changed elsewhere (a chip removed, the URL) starts the field again from it.
              key={`search-${search.text}`}
              label={TABLE_TEXTS.search}
              placeholder={search.placeholder ?? TABLE_TEXTS.search}
              className={search.className}
              defaultValue={search.text}
              onDebouncedChange={(value) => {
                if (value.trim() !== search.text) search.onChange(value.trim());
              }}
            />
          ) : null}
          {filters.children}
        </FilterBar>
      ) : null}
      {children}
    </div>
  );
}
