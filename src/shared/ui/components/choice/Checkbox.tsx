import type { ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  Switch as AriaSwitch,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
  type CheckboxProps as AriaCheckboxProps,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
  type SwitchProps as AriaSwitchProps,
} from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { FieldDescription, FieldError, FieldLabel, type FieldBaseProps } from '@/shared/ui/components/field/parts';
import { CheckIcon, MinusIcon } from '@/shared/ui/components/icons';
import styles from './Choice.module.css';

function Text({ children, hint }: { children: ReactNode; hint?: ReactNode }) {
  return (
    <span className={styles.text}>
      <span>{children}</span>
      {hint ? <span className={styles.hint}>{hint}</span> : null}
    </span>
  );
}

/** A checkbox's or a switch's props: react-aria's, with the label as children and a hint under it. */
type ChoiceProps<P> = Omit<P, 'className' | 'children' | 'style'> & {
  /** The label, on the same line right of the box; clicking it toggles the box. */
  children: ReactNode;
  /** A second, quieter line under the label. */
  hint?: ReactNode;
  className?: string;
};

export type CheckboxProps = ChoiceProps<AriaCheckboxProps>;

/** A checkbox with its label beside it (never above); supports indeterminate. */
export function Checkbox({ children, hint, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={cx(styles.choice, className)}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isIndeterminate ? <MinusIcon /> : isSelected ? <CheckIcon /> : null}
          </span>
          <Text hint={hint}>{children}</Text>
        </>
      )}
    </AriaCheckbox>
  );
}

export type SwitchProps = ChoiceProps<AriaSwitchProps>;

/** An on/off setting that applies at once (a checkbox is for choices submitted with a form). */
export function Switch({ children, hint, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={cx(styles.choice, className)}>
      <span className={styles.track} aria-hidden="true" />
      <Text hint={hint}>{children}</Text>
    </AriaSwitch>
  );
}

export type CheckboxGroupProps = Omit<AriaCheckboxGroupProps, 'className' | 'children' | 'style'> &
  FieldBaseProps & { children: ReactNode; orientation?: 'vertical' | 'horizontal' };

/** Several checkboxes under one label (the group's name for screen readers). */
export function CheckboxGroup({ label, description, errorMessage, className, children, orientation = 'vertical', isInvalid, ...props }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      {...props}
      validationBehavior={props.validationBehavior ?? 'aria'}
      isInvalid={isInvalid || Boolean(errorMessage) || undefined}
      className={cx(styles.group, orientation === 'horizontal' && styles.horizontal, className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <div className={styles.options}>{children}</div>
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{errorMessage}</FieldError>
    </AriaCheckboxGroup>
  );
}

export type RadioGroupProps = Omit<AriaRadioGroupProps, 'className' | 'children' | 'style'> & FieldBaseProps & { children: ReactNode };

/** One choice of a few (two to five) shown at once; arrow keys move between them. */
export function RadioGroup({ label, description, errorMessage, className, children, orientation = 'vertical', isInvalid, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      orientation={orientation}
      validationBehavior={props.validationBehavior ?? 'aria'}
      isInvalid={isInvalid || Boolean(errorMessage) || undefined}
      className={cx(styles.group, orientation === 'horizontal' && styles.horizontal, className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <div className={styles.options}>{children}</div>
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}

export type RadioProps = Omit<AriaRadioProps, 'className' | 'children' | 'style'> & { children: ReactNode; hint?: ReactNode; className?: string };

export function Radio({ children, hint, className, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className={cx(styles.choice, className)}>
      <span className={styles.dot} aria-hidden="true" />
      <Text hint={hint}>{children}</Text>
    </AriaRadio>
  );
}
