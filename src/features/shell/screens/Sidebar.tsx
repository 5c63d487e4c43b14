import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { Role } from '@contracts/common/constants';
import { canSee, isGroup, type MenuEntry, type MenuItem } from '@/shared/routing';
import type { shellMachine } from '../machines/shell.machine';
import { ChevronDownIcon } from '@/shared/ui/components/icons';
import styles from './StaffLayout.module.css';

type Props = {
  menu: readonly MenuItem[];
  shell: ActorRefFrom<typeof shellMachine>;
  role: Role;
  location: string;
  onAction: (action: 'chatbot' | 'learningCenter' | 'logout') => void;
};

/** Entries kept in sight below the scrolling menu: signing out is never a scroll away. */
const isPinned = (item: MenuItem) => !isGroup(item) && 'action' in item.target && item.target.action === 'logout';

/**
 * The sidebar menu of spec 2.2: entries and expandable groups, the active route highlighted. The
 * menu scrolls inside the sidebar when taller than the window; Log Out stays at its foot.
 */
export function Sidebar({ menu, shell, role, location, onAction }: Props) {
  const openGroups = useSelector(shell, (s) => s.context.openGroups);

  const entry = (e: MenuEntry) => {
    if (!canSee(e, role)) return null;
    if ('route' in e.target) {
      const active = location === e.target.route;
      return (
        <li key={e.label}>
          <Link href={e.target.route} className={active ? `${styles.link} ${styles.active}` : styles.link} aria-current={active ? 'page' : undefined}>
            {e.label}
          </Link>
        </li>
      );
    }
    const action = e.target.action;
    return (
      <li key={e.label}>
        <button type="button" className={styles.link} onClick={() => onAction(action)}>
          {e.label}
        </button>
      </li>
    );
  };

  return (
    <nav aria-label="Main menu" className={styles.nav}>
      <ul className={styles.menuScroll}>
        {menu.filter((item) => !isPinned(item)).map((item) => {
          if (!isGroup(item)) return entry(item);
          const expanded = openGroups.includes(item.group);
          const id = `menu-group-${item.group.toLowerCase().replace(/\W+/g, '-')}`;
          return (
            <li key={item.group}>
              <button
                type="button"
                className={styles.group}
                aria-expanded={expanded}
                aria-controls={id}
                onClick={() => shell.send({ type: 'shell.toggleGroup', group: item.group })}
              >
                {item.group}
                <ChevronDownIcon size={14} className={styles.chevron} />
              </button>
              <ul id={id} hidden={!expanded}>
                {item.entries.map(entry)}
              </ul>
            </li>
          );
        })}
      </ul>
      <ul className={styles.menuFoot}>{menu.filter(isPinned).map((item) => (isGroup(item) ? null : entry(item)))}</ul>
    </nav>
  );
}
