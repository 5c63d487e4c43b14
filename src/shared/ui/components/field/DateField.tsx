import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateField as AriaDateField,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
} from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from '@/shared/ui/components/icons';
import popover from '@/shared/ui/components/overlay/Popover.module.css';
import calendarStyles from './Calendar.module.css';
import { FieldDescription, FieldError, FieldLabel, fieldStyles as styles, type FieldBaseProps } from './parts';

/** A calendar date as 'YYYY-MM-DD' (what the API exchanges), or null for none. */
export type IsoDate = string;

export type DateFieldProps = FieldBaseProps & {
  value?: IsoDate | null;
  defaultValue?: IsoDate | null;
  onChange?: (value: IsoDate | null) => void;
  minValue?: IsoDate;
  maxValue?: IsoDate;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  isInvalid?: boolean;
  name?: string;
  autoFocus?: boolean;
  'aria-label'?: string;
};

function toCalendarDate(value: IsoDate | null | undefined): CalendarDate | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  try {
    return parseDate(value.slice(0, 10));
  } catch {
    return null;
  }
}

function shared({ value, defaultValue, onChange, minValue, maxValue, isInvalid, ...rest }: DateFieldProps) {
  return {
    ...rest,
    value: toCalendarDate(value),
    defaultValue: toCalendarDate(defaultValue),
    minValue: toCalendarDate(minValue) ?? undefined,
    maxValue: toCalendarDate(maxValue) ?? undefined,
    onChange: onChange ? (date: CalendarDate | null) => onChange(date ? date.toString() : null) : undefined,
    isInvalid: isInvalid || Boolean(rest.errorMessage) || undefined,
    validationBehavior: 'aria' as const,
  };
}

function Segments() {
  return <DateInput className={styles.dateInput}>{(segment) => <DateSegment segment={segment} className={styles.segment} />}</DateInput>;
}

/**
 * A date typed segment by segment in the user's locale's order (month/day/year, day.month.year…);
 * arrow keys change a segment. Value in and out as 'YYYY-MM-DD'.
 */
export function DateField(props: DateFieldProps) {
  const { label, description, errorMessage, className, ...rest } = shared(props);
  return (
    <AriaDateField {...rest} data-field={rest.name} className={cx(styles.field, className)}>
      <FieldLabel isRequired={rest.isRequired}>{label}</FieldLabel>
      <Group className={cx(styles.control, styles.group)}>
        <Segments />
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{errorMessage}</FieldError>
    </AriaDateField>
  );
}

/** A DateField with a calendar in a popover (the button beside the segments opens it). */
export function DatePicker(props: DateFieldProps) {
  const { label, description, errorMessage, className, ...rest } = shared(props);
  return (
    <AriaDatePicker {...rest} data-field={rest.name} className={cx(styles.field, className)}>
      <FieldLabel isRequired={rest.isRequired}>{label}</FieldLabel>
      <Group className={cx(styles.control, styles.group)}>
        <Segments />
        <Button className={styles.groupButton}>
          <CalendarIcon />
        </Button>
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{errorMessage}</FieldError>
      <Popover className={popover.popover} placement="bottom end">
        <Dialog className={calendarStyles.dialog}>
          <Calendar className={calendarStyles.calendar}>
            <header className={calendarStyles.header}>
              <Button slot="previous" className={calendarStyles.nav}>
                <ChevronLeftIcon />
              </Button>
              <Heading className={calendarStyles.heading} />
              <Button slot="next" className={calendarStyles.nav}>
                <ChevronRightIcon />
              </Button>
            </header>
            <CalendarGrid className={calendarStyles.grid}>
              <CalendarGridHeader>{(day) => <CalendarHeaderCell className={calendarStyles.weekday}>{day}</CalendarHeaderCell>}</CalendarGridHeader>
              <CalendarGridBody>{(date) => <CalendarCell date={date} className={calendarStyles.cell} />}</CalendarGridBody>
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
