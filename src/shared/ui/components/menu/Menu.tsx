import type { ReactNode } from 'react';
import {
  Header,
  Keyboard,
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  MenuTrigger as AriaMenuTrigger,
  Popover,
  Separator,
  SubmenuTrigger as AriaSubmenuTrigger,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuTriggerProps,
  type PopoverProps,
} from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import { CheckIcon } from '@/shared/ui/components/icons';
import popover from '@/shared/ui/components/overlay/Popover.module.css';

/** Opens its Menu from the first child (a Button or IconButton). */
export function MenuTrigger(props: MenuTriggerProps) {
  return <AriaMenuTrigger {...props} />;
}

/** A nested menu: a MenuItem followed by a Menu. */
export const SubmenuTrigger = AriaSubmenuTrigger;

export type MenuProps<T extends object> = Omit<AriaMenuProps<T>, 'className' | 'style'> & {
  className?: string;
  placement?: PopoverProps['placement'];
  /**
   * Close without the fade-out: the popover leaves in the same render that closes it. For a menu
   * whose action starts heavy rendering (the board's "Move to…"): a fade-out ending mid-render
   * would make React finish that rendering synchronously.
   */
  closeInstantly?: boolean;
};

/** A list of actions in a popover; type to jump, arrow keys to move, Enter to run. */
export function Menu<T extends object>({ className, placement = 'bottom start', closeInstantly, ...props }: MenuProps<T>) {
  return (
    <Popover className={popover.popover} placement={placement} shouldSkipAnimation={closeInstantly}>
      <AriaMenu {...props} className={cx(popover.list, className)} />
    </Popover>
  );
}

export type MenuItemProps = Omit<AriaMenuItemProps, 'className' | 'style' | 'children'> & {
  children: ReactNode;
  icon?: ReactNode;
  description?: ReactNode;
  /** A shortcut shown at the end ("⌘S"). */
  shortcut?: string;
  /** A destructive action, in red. */
  isDanger?: boolean;
  className?: string;
};

export function MenuItem({ children, icon, description, shortcut, isDanger, className, ...props }: MenuItemProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <AriaMenuItem {...props} textValue={textValue} className={cx(popover.item, className)} data-danger={isDanger || undefined}>
      {({ isSelected, selectionMode }) => (
        <>
          {selectionMode !== 'none' ? <span className={popover.check}>{isSelected ? <CheckIcon size={14} /> : null}</span> : icon ? <span aria-hidden="true">{icon}</span> : null}
          <span className={popover.itemText}>
            <span className={popover.itemLabel}>{children}</span>
            {description ? <span className={popover.itemDescription}>{description}</span> : null}
          </span>
          {shortcut ? <Keyboard className={popover.keyboard}>{shortcut}</Keyboard> : null}
        </>
      )}
    </AriaMenuItem>
  );
}

/** A titled group of items; the title names the group for screen readers. */
export function MenuSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <AriaMenuSection aria-label={title}>
      {title ? <Header className={popover.sectionHeader}>{title}</Header> : null}
      {children}
    </AriaMenuSection>
  );
}

export function MenuSeparator() {
  return <Separator className={popover.separator} />;
}
