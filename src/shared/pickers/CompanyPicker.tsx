import { useMemo } from 'react';
import type { Key } from 'react-aria-components';
import { ComboBox, type Option, type OptionLoader } from '@/shared/ui/components';
import { companyNames as nameCache, pickedCompanyName } from './picked-names';
import { searchCompanies } from './search';

export type CompanyPickerProps = {
  label?: string;
  /** The field's name in its form (the contract's, e.g. `company_id`): what its errors are keyed by. */
  name?: string;
  /** The picked company, or null. */
  value: number | null;
  /** Its name, when the screen knows it (shown in the box). */
  valueName?: string;
  onChange: (id: number | null, name: string | null) => void;
  placeholder?: string;
  description?: string;
  errorMessage?: string;
  isRequired?: boolean;
  className?: string;
};

/** Picks a company by name or account number, searching the server as the user types. */
export default function CompanyPicker({ label = 'Company', value, valueName, onChange, placeholder = 'Any company', ...rest }: CompanyPickerProps) {
  const loader = useMemo<OptionLoader<Option>>(
    () => async (text) =>
      (await searchCompanies(text)).map((c) => {
        nameCache.set(c.id, c.name);
        return { id: c.id, label: c.name, description: c.account_number ?? undefined };
      }),
    [],
  );
  const name = valueName ?? pickedCompanyName(value) ?? '';
  return (
    <ComboBox
      {...rest}
      label={label}
      placeholder={placeholder}
      loader={loader}
      selectedKey={value}
      defaultInputValue={name}
      emptyText="No company matches"
      onSelectionChange={(key: Key | null) => {
        const id = key === null ? null : Number(key);
        onChange(id, id === null ? null : (nameCache.get(id) ?? null));
      }}
    />
  );
}
