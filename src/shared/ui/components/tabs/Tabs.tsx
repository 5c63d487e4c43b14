import { useContext, useLayoutEffect, useRef } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabListStateContext,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps as AriaTabListProps,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import styles from './Tabs.module.css';

type WithClass<P> = Omit<P, 'className' | 'style'> & { className?: string };

/** Views of one subject (Conversation, Time, Surveys); arrow keys move between tabs. */
export function Tabs({ className, ...props }: WithClass<AriaTabsProps>) {
  return <AriaTabs {...props} className={cx(styles.tabs, className)} />;
}

/** Scrolls the row sideways (and only the row, never the page) so that `tab` shows whole inside it. */
function reveal(list: HTMLElement, tab: HTMLElement) {
  const box = list.getBoundingClientRect();
  const shown = tab.getBoundingClientRect();
  if (shown.left < box.left) list.scrollLeft -= box.left - shown.left;
  else if (shown.right > box.right) list.scrollLeft += Math.min(shown.right - box.right, shown.left - box.left);
}

/**
 * The row of tabs; needs an `aria-label` naming what the tabs switch. A row wider than its box (a
 * phone) scrolls sideways inside it, and the selected tab is scrolled into view whenever the
 * selection changes or the screen opens on a later tab (one named in the address, say).
 */
export function TabList<T extends object>({ className, ...props }: WithClass<AriaTabListProps<T>>) {
  const ref = useRef<HTMLDivElement>(null);
  const state = useContext(TabListStateContext);
  // Once the tabs are in the row (their collection is built after the row mounts) and at each new selection.
  const selected = state?.selectedKey;
  const tabs = state?.collection;
  useLayoutEffect(() => {
    const list = ref.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (list && tab) reveal(list, tab);
  }, [selected, tabs]);
  return <AriaTabList {...props} ref={ref} className={cx(styles.list, className)} />;
}

/**
 * A tab. A text label keeps its width when selected: the bold of the selected tab is reserved
 * under every label, so the row does not shift as the selection moves.
 */
export function Tab({ className, children, ...props }: WithClass<AriaTabProps>) {
  return (
    <AriaTab {...props} className={cx(styles.tab, className)}>
      {typeof children === 'string' ? (
        <span className={styles.label} data-text={children}>
          {children}
        </span>
      ) : (
        children
      )}
    </AriaTab>
  );
}

export function TabPanel({ className, ...props }: WithClass<AriaTabPanelProps>) {
  return <AriaTabPanel {...props} className={cx(styles.panel, className)} />;
}
