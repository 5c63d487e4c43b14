import {
  Tab as AriaTab,
  TabList as AriaTabList,
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

/** The row of tabs; needs an `aria-label` naming what the tabs switch. */
export function TabList<T extends object>({ className, ...props }: WithClass<AriaTabListProps<T>>) {
  return <AriaTabList {...props} className={cx(styles.list, className)} />;
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
