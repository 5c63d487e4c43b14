import type { ReactNode } from 'react';
import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { CheckIcon, ChevronDownIcon } from '@/shared/ui/components/icons';
import popover from '@/shared/ui/components/overlay/Popover.module.css';
import { FieldDescription, FieldError, FieldLabel, fieldStyles as styles, type FieldBaseProps } from './parts';
import select from './Select.module.css';

/** One option of a Select or ComboBox. */
export type Option = { id: Key; label: string; description?: string; isDisabled?: boolean };

export type SelectProps<T extends Option, M extends 'single' | 'multiple' = 'single'> = Omit<AriaSelectProps<T, M>, 'className' | 'children' | 'style' | 'items'> &
  FieldBaseProps & {
    items: readonly T[];
    placeholder?: string;
    /** `selectionMode="multiple"`: what the closed control reads for several picked options (e.g. "4 statuses"); one reads its label. */
    manyText?: (count: number) => string;
  };

export function OptionContent({ label, description, isSelected }: { label: ReactNode; description?: ReactNode; isSelected?: boolean }) {
  return (
    <>
      <span className={popover.itemText}>
        <span className={popover.itemLabel}>{label}</span>
        {description ? <span className={popover.itemDescription}>{description}</span> : null}
      </span>
      <span className={popover.check}>{isSelected ? <CheckIcon size={14} /> : null}</span>
    </>
  );
}

/** Pick one (or, with `selectionMode="multiple"`, several) of a short, known list (under ~15 options); for long or server lists use ComboBox. */
export function Select<T extends Option, M extends 'single' | 'multiple' = 'single'>({
  label,
  description,
  errorMessage,
  className,
  items,
  placeholder = 'Select…',
  isInvalid,
  validationBehavior = 'aria',
  manyText,
  ...props
}: SelectProps<T, M>) {
  return (
    <AriaSelect<T, M>
      {...props}
      data-field={props.name}
      placeholder={placeholder}
      validationBehavior={validationBehavior}
      isInvalid={isInvalid || Boolean(errorMessage) || undefined}
      className={cx(styles.field, className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Button className={cx(styles.control, select.trigger)}>
        <SelectValue className={select.value}>
          {({ selectedText, selectedItems, isPlaceholder, defaultChildren }) => (isPlaceholder ? defaultChildren : manyText && selectedItems.length > 1 ? manyText(selectedItems.length) : selectedText)}
        </SelectValue>
        <ChevronDownIcon className={select.chevron} />
      </Button>
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{errorMessage}</FieldError>
      <Popover className={popover.popover}>
        <ListBox className={popover.list} items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} isDisabled={item.isDisabled} className={popover.item}>
              {({ isSelected }) => <OptionContent label={item.label} description={item.description} isSelected={isSelected} />}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
