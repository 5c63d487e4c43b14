import { useMemo } from 'react';
import type { Key } from 'react-aria-components';
import { ComboBox, type Option, type OptionLoader } from '@/shared/ui/components';
import { ticketDeskApi } from '../api';

const nameCache = new Map<number, string>();

/** The name of a staff user the picker has shown in this tab. */
export const pickedAssigneeName = (id: number | null | undefined) => (id ? nameCache.get(id) : undefined);

/** Picks a staff user by name, searching the server as the user types. */
export function AssigneePicker({
  label = 'Assignee',
  value,
  valueName,
  onChange,
  placeholder = 'Anyone',
  className,
  description,
  errorMessage,
}: {
  label?: string;
  /** Help under the box ("Who looks after this client"). */
  description?: string;
  /** Why the server refused the pick (an inactive or unknown staff user). */
  errorMessage?: string;
  value: number | null;
  valueName?: string;
  onChange: (id: number | null, name: string | null) => void;
  placeholder?: string;
  className?: string;
}) {
  const loader = useMemo<OptionLoader<Option>>(
    () => async (text) =>
      (await ticketDeskApi.staff(text.trim())).map((s) => {
        nameCache.set(s.id, s.name);
        return { id: s.id, label: s.name };
      }),
    [],
  );
  return (
    <ComboBox
      label={label}
      placeholder={placeholder}
      className={className}
      description={description}
      errorMessage={errorMessage}
      loader={loader}
      selectedKey={value}
      defaultInputValue={valueName ?? pickedAssigneeName(value) ?? ''}
      emptyText="No one matches"
      onSelectionChange={(key: Key | null) => {
        const id = key === null ? null : Number(key);
        onChange(id, id === null ? null : (nameCache.get(id) ?? null));
      }}
    />
  );
}
