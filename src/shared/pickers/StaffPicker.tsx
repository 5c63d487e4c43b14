import { useMemo } from 'react';
import type { Key } from 'react-aria-components';
import { ComboBox, type Option, type OptionLoader } from '@/shared/ui/components';
import { pickedStaffName, staffNames as nameCache } from './picked-names';
import { searchStaff } from './search';

export type StaffPickerProps = {
  /** What the pick is for: "Assignee", "Account manager". */
  label: string;
  /** Help under the box ("Who looks after this client"). */
  description?: string;
  /** Why the server refused the pick (an inactive or unknown staff user). */
  errorMessage?: string;
  value: number | null;
  valueName?: string;
  onChange: (id: number | null, name: string | null) => void;
  placeholder?: string;
  className?: string;
};

/** Picks an active staff user by name, searching the server as the user types. */
export function StaffPicker({ label, value, valueName, onChange, placeholder = 'Anyone', className, description, errorMessage }: StaffPickerProps) {
  const loader = useMemo<OptionLoader<Option>>(
    () => async (text) =>
      (await searchStaff(text)).map((s) => {
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
      defaultInputValue={valueName ?? pickedStaffName(value) ?? ''}
      emptyText="No one matches"
      onSelectionChange={(key: Key | null) => {
        const id = key === null ? null : Number(key);
        onChange(id, id === null ? null : (nameCache.get(id) ?? null));
      }}
    />
  );
}
