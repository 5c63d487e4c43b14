import { Button, Group, Input, NumberField as AriaNumberField, type NumberFieldProps as AriaNumberFieldProps } from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { MinusIcon, PlusIcon } from '@/shared/ui/components/icons';
import { FieldDescription, FieldError, FieldLabel, fieldStyles as styles, type FieldBaseProps } from './parts';

export type NumberFieldProps = Omit<AriaNumberFieldProps, 'className' | 'children' | 'style'> &
  FieldBaseProps & {
    placeholder?: string;
    /** Hides the step buttons (arrow keys and the wheel still step). */
    hideStepper?: boolean;
  };

/**
 * A number in the user's locale (grouping, decimals, currency and percent through `formatOptions`);
 * arrow keys step, Page Up/Down step by ten.
 */
export function NumberField({ label, description, errorMessage, className, placeholder, hideStepper, isInvalid, validationBehavior = 'aria', ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      data-field={props.name}
      validationBehavior={validationBehavior}
      isInvalid={isInvalid || Boolean(errorMessage) || undefined}
      className={cx(styles.field, className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Group className={cx(styles.control, styles.group)}>
        <Input className={styles.inner} placeholder={placeholder} />
        {hideStepper ? null : (
          <>
            <Button slot="decrement" className={styles.groupButton}>
              <MinusIcon size={14} />
            </Button>
            <Button slot="increment" className={styles.groupButton}>
              <PlusIcon size={14} />
            </Button>
          </>
        )}
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
