import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
  ComboBoxStateContext,
  Group,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  useFilter,
  type ComboBoxProps as AriaComboBoxProps,
  type Key,
} from 'react-aria-components';
import { FILTER_DEBOUNCE_MS } from '@contracts/common/constants';
import { cx } from '@/shared/ui/components/cx';
import { ChevronDownIcon } from '@/shared/ui/components/icons';
import popover from '@/shared/ui/components/overlay/Popover.module.css';
import { SpinnerRing } from '@/shared/ui/components/spinner/Spinner';
import { FieldDescription, FieldError, FieldLabel, fieldStyles as styles, type FieldBaseProps } from './parts';
import { OptionContent, type Option } from './Select';

/** Loads the options matching `text` (a service call); abort when `signal` fires. */
export type OptionLoader<T extends Option> = (text: string, signal: AbortSignal) => Promise<readonly T[]>;

export type ComboBoxProps<T extends Option> = Omit<
  AriaComboBoxProps<T, 'single'>,
  'className' | 'children' | 'style' | 'items' | 'defaultItems' | 'inputValue' | 'defaultInputValue'
> &
  FieldBaseProps & {
    placeholder?: string;
    /** A fixed list, filtered in the browser as the user types. */
    items?: readonly T[];
    /** Or: options from the server, asked for after a pause in typing. */
    loader?: OptionLoader<T>;
    /** The pause after the last key before `loader` is called. */
    debounceMs?: number;
    /** The text in the box (e.g. the selected option's label when editing). */
    defaultInputValue?: string;
    /** Shown when nothing matches. */
    emptyText?: string;
    /** Shown while the server answers. */
    loadingText?: string;
    /** Called with the loader's error; the list then says `errorText`. */
    onLoadError?: (error: unknown) => void;
    errorText?: string;
    /** Called with the option picked, whatever else it carries besides its id and label (after `onChange`). */
    onPick?: (option: T) => void;
  };

type Loaded<T> = { status: 'idle' | 'loading' | 'done' | 'error'; items: readonly T[] };

/** Runs `loader` for `text` after `delay` ms of quiet, aborting any older request. */
function useDebouncedLoader<T extends Option>(
  loader: OptionLoader<T> | undefined,
  active: boolean,
  text: string,
  delay: number,
  onError: ((error: unknown) => void) | undefined,
): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'idle', items: [] });
  const loaderRef = useRef(loader);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    loaderRef.current = loader;
    onErrorRef.current = onError;
  });
  const enabled = loader !== undefined && active;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', items: s.items }));
    const timer = setTimeout(() => {
      loaderRef.current!(text, controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setState({ status: 'done', items });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          onErrorRef.current?.(error);
          setState({ status: 'error', items: [] });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, text, delay]);
  return state;
}

/**
 * The box and its button. Escape while the list is open closes the list only: the box shows the
 * picked option again (or nothing when none is picked), the pick stays, and the key goes no
 * further (a dialog or form around it stays open). react-aria's own Escape cannot do that when the
 * box's text is controlled and the picked option is not among the options listed: it reports the
 * pick again and reopens the list over the search text. The list closes once the box shows the
 * pick, so it does not reopen for that change.
 */
function ComboGroup({ pickedLabel, onRevert, children }: { pickedLabel: string; onRevert: (text: string) => void; children: ReactNode }) {
  const state = useContext(ComboBoxStateContext);
  const [closing, setClosing] = useState(false);
  useEffect(() => {
    if (!closing) return;
    if (state?.isOpen) state.toggle();
    setClosing(false);
  }, [closing, state]);
  return (
    <Group
      className={cx(styles.control, styles.group)}
      onKeyDownCapture={(e) => {
        if (e.key !== 'Escape' || !state?.isOpen) return;
        e.preventDefault();
        e.stopPropagation();
        onRevert(pickedLabel);
        setClosing(true);
      }}
    >
      {children}
    </Group>
  );
}

/**
 * Type to narrow a list and pick one. With `loader` it searches the server (companies, assignees):
 * the request waits for a pause in typing, older requests are aborted, and the list says when it
 * is loading or when nothing matched.
 */
export function ComboBox<T extends Option>({
  label,
  description,
  errorMessage,
  className,
  placeholder,
  items,
  loader,
  debounceMs = FILTER_DEBOUNCE_MS,
  defaultInputValue = '',
  emptyText = 'No matches',
  loadingText = 'Loading…',
  errorText = 'Could not load the options',
  onLoadError,
  onPick,
  isInvalid,
  validationBehavior = 'aria',
  ...props
}: ComboBoxProps<T>) {
  const [inputValue, setInputValue] = useState(defaultInputValue);
  const [lastSelectedLabel, setLastSelectedLabel] = useState(defaultInputValue);
  // Nothing is asked of the server until the list opens or the user types.
  const [active, setActive] = useState(false);
  // After a selection the box shows the option's label: search for everything, not that text.
  const query = lastSelectedLabel !== '' && inputValue === lastSelectedLabel ? '' : inputValue;
  const loaded = useDebouncedLoader(loader, active, query, debounceMs, onLoadError);
  const { contains } = useFilter({ sensitivity: 'base' });
  const shown: readonly T[] = loader ? loaded.items : (items ?? []).filter((item) => contains(item.label, inputValue) || inputValue === lastSelectedLabel);
  const busy = loader !== undefined && active && loaded.status === 'loading';
  /**
   * Leaving the box (or Escape) after a search whose options do not hold the pick makes react-aria
   * report no pick; the text typed was a search, not a clearing: the pick stays and the box shows it.
   */
  const isLostPick = (key: Key | null) => key === null && props.selectedKey != null && inputValue !== '';

  return (
    <AriaComboBox
      {...props}
      data-field={props.name}
      items={shown}
      inputValue={inputValue}
      onInputChange={(text) => {
        setInputValue(text);
        setActive(true);
        props.onInputChange?.(text);
      }}
      onOpenChange={(isOpen, trigger) => {
        if (isOpen) setActive(true);
        props.onOpenChange?.(isOpen, trigger);
      }}
      onSelectionChange={(key) => {
        if (!isLostPick(key)) props.onSelectionChange?.(key);
      }}
      onChange={(key) => {
        if (isLostPick(key)) {
          setInputValue(lastSelectedLabel);
          return;
        }
        const picked = [...(items ?? []), ...loaded.items].find((item) => item.id === key);
        // The pick reported again while its option is not listed: the box shows its name again.
        const label = picked?.label ?? (key !== null && key === props.selectedKey ? lastSelectedLabel : '');
        setLastSelectedLabel(label);
        if (!picked && label) setInputValue(label);
        // The box's text is controlled here: with a controlled selection too (a picker's `selectedKey`),
        // react-aria leaves showing the picked option's label to us.
        if (picked) setInputValue(picked.label);
        props.onChange?.(key);
        if (picked) onPick?.(picked);
      }}
      allowsEmptyCollection
      menuTrigger={props.menuTrigger ?? 'focus'}
      validationBehavior={validationBehavior}
      isInvalid={isInvalid || Boolean(errorMessage) || undefined}
      className={cx(styles.field, className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <ComboGroup pickedLabel={lastSelectedLabel} onRevert={setInputValue}>
        <Input className={styles.inner} placeholder={placeholder} aria-busy={busy || undefined} />
        {busy ? (
          <span className={styles.adornment} style={{ paddingRight: 'var(--cc-space-1)' }}>
            <SpinnerRing size="sm" />
          </span>
        ) : null}
        <Button className={cx(styles.groupButton, styles.plainButton)}>
          <ChevronDownIcon />
        </Button>
      </ComboGroup>
      <FieldDescription>{description}</FieldDescription>
      <FieldError>{errorMessage}</FieldError>
      <Popover className={popover.popover}>
        <ListBox
          className={popover.list}
          renderEmptyState={() => (
            <div className={popover.state} role="status">
              {busy ? (
                <>
                  <SpinnerRing size="sm" />
                  {loadingText}
                </>
              ) : loaded.status === 'error' ? (
                errorText
              ) : (
                emptyText
              )}
            </div>
          )}
        >
          {(item: T) => (
            <ListBoxItem id={item.id} textValue={item.label} isDisabled={item.isDisabled} className={popover.item}>
              {({ isSelected }) => <OptionContent label={item.label} description={item.description} isSelected={isSelected} />}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
