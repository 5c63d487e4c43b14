import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Input,
  Label,
  SearchField as AriaSearchField,
  Tag,
  TagGroup,
  TagList,
  type Key,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import { FILTER_DEBOUNCE_MS } from '@contracts/common/constants';
import { cx } from '@/shared/ui/components/cx';
import fieldStyles from '@/shared/ui/components/field/Field.module.css';
import { CloseIcon, SearchIcon } from '@/shared/ui/components/icons';
import styles from './FilterBar.module.css';

export type FilterBarProps = {
  /** Names the search landmark ("Filter tickets"). */
  label: string;
  /** The search field, then the filter pickers (Select, ComboBox, DatePicker), left to right. */
  children: ReactNode;
  /** Right-aligned: "Columns", "Export". */
  end?: ReactNode;
  /** The active filters, usually <FilterChips>. */
  chips?: ReactNode;
  className?: string;
};

/** The one filter bar of a list: search, pickers, and the active filters as removable chips. */
export function FilterBar({ label, children, end, chips, className }: FilterBarProps) {
  return (
    <div role="search" aria-label={label} className={cx(styles.bar, className)}>
      <div className={styles.controls}>
        {children}
        {end ? <div className={styles.end}>{end}</div> : null}
      </div>
      {chips}
    </div>
  );
}

export type SearchFieldProps = Omit<AriaSearchFieldProps, 'className' | 'style' | 'children'> & {
  label: string;
  /** Shows the label (default hidden: the placeholder and icon say what it is, the label names it). */
  showLabel?: boolean;
  placeholder?: string;
  /** Called after a pause in typing (and at once on Enter or clear). */
  onDebouncedChange?: (value: string) => void;
  debounceMs?: number;
  className?: string;
};

/** A search box with a clear button; Escape clears it. Grows to fill the filter bar. */
export function SearchField({
  label,
  showLabel = false,
  placeholder,
  onDebouncedChange,
  debounceMs = FILTER_DEBOUNCE_MS,
  className,
  onChange,
  onSubmit,
  onClear,
  ...props
}: SearchFieldProps) {
  const [pending, setPending] = useState<string | null>(null);
  const callback = useRef(onDebouncedChange);
  useEffect(() => {
    callback.current = onDebouncedChange;
  });
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => callback.current?.(pending), debounceMs);
    return () => clearTimeout(timer);
  }, [pending, debounceMs]);
  const now = (value: string) => {
    setPending(null);
    callback.current?.(value);
  };
  return (
    <AriaSearchField
      {...props}
      onChange={(value) => {
        onChange?.(value);
        setPending(value);
      }}
      onSubmit={(value) => {
        onSubmit?.(value);
        now(value);
      }}
      onClear={() => {
        onClear?.();
        now('');
      }}
      className={cx(styles.search, styles.grow, className)}
    >
      <Label className={showLabel ? fieldStyles.label : 'sr-only'}>{label}</Label>
      <div className={styles.searchBox}>
        <SearchIcon className={styles.icon} />
        <Input className={cx(fieldStyles.control, styles.searchInput)} placeholder={placeholder} />
        <Button className={styles.clear}>
          <CloseIcon size={14} />
        </Button>
      </div>
    </AriaSearchField>
  );
}

export type FilterChip = { id: Key; /** "Status" */ name: string; /** "Active" */ value: string };

export type FilterChipsProps = {
  items: readonly FilterChip[];
  onRemove: (id: Key) => void;
  /** Shows "Clear all" when two or more filters are active. */
  onClearAll?: () => void;
  label?: string;
  className?: string;
};

/**
 * The active filters as chips ("Status: Active ×"); Backspace or Delete on a focused chip, or its
 * × button, removes it. Nothing renders when no filter is active.
 */
export function FilterChips({ items, onRemove, onClearAll, label = 'Active filters', className }: FilterChipsProps) {
  if (!items.length) return null;
  return (
    <div className={cx(styles.chips, className)}>
      <TagGroup onRemove={(keys) => keys.forEach((k) => onRemove(k))} className={styles.chips}>
        <Label className={styles.chipsLabel}>{label}:</Label>
        <TagList items={items} className={styles.tagList}>
          {(chip) => (
            <Tag id={chip.id} textValue={`${chip.name}: ${chip.value}`} className={styles.chip}>
              <span className={styles.chipName}>{chip.name}:</span>&nbsp;<span className={styles.chipValue}>{chip.value}</span>
              <Button slot="remove" className={styles.chipRemove}>
                <CloseIcon size={12} />
              </Button>
            </Tag>
          )}
        </TagList>
      </TagGroup>
      {onClearAll && items.length > 1 ? (
        <Button className={styles.clearAll} onPress={onClearAll}>
          Clear all
        </Button>
      ) : null}
    </div>
  );
}
