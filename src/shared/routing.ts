/**
 * What a feature declares for the app to assemble: its staff routes, its menu entries and its
 * client routes. The app (src/app) builds the route tables and the menu from every feature's list.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Role } from '@contracts/common/constants';

export type ScreenProps = { params: Record<string, string | undefined> };
type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

export type StaffRoute = {
  /** wouter pattern. */
  path: string;
  /** The screen's name, shown on its placeholder and used as the tab title ("<name> · Client Care"). */
  name: string;
  /** The tab title when it differs from the name; the screen may refine it with `usePageTitle`. */
  title?: string;
  /** The screen; without one, the route shows "This screen is being built". */
  screen?: Screen;
  /** Inside the shared layout (default) or bare. */
  layout?: boolean;
  /** Reachable without signing in. */
  public?: boolean;
  /** Only these roles see the screen (the server enforces the same on its data). */
  roles?: readonly Role[];
  /** Kept mounted when left, so coming back restores its state and scroll (spec 2.1). */
  keepAlive?: boolean;
  /** Re-mounts the screen when this parameter changes (spec 2.1: sprint detail per sprint id). */
  keyBy?: string;
};

/** A route of the client portal, relative to /client. */
export type ClientRoute = {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** Open without a session (log-in, signup, password links); otherwise a verified session is needed. */
  guest?: boolean;
  /** Inside the portal's layout (default) or bare. */
  layout?: boolean;
};

/** What a menu entry does: go to a route, or run one of the shell's actions. */
export type MenuTarget = { route: string } | { action: 'chatbot' | 'learningCenter' | 'logout' };

export type MenuEntry = { label: string; target: MenuTarget; roles?: readonly Role[] };
export type MenuGroup = { group: string; entries: MenuEntry[] };
export type MenuItem = MenuEntry | MenuGroup;

export const isGroup = (item: MenuItem): item is MenuGroup => 'group' in item;

export const canSee = (entry: MenuEntry, role: Role) => !entry.roles || entry.roles.includes(role);

/** The group of a menu whose entry is the given route, for opening it when the route is active. */
export function menuGroupOf(menu: readonly MenuItem[], path: string): string | null {
  for (const item of menu) {
    if (isGroup(item) && item.entries.some((e) => 'route' in e.target && e.target.route === path)) return item.group;
  }
  return null;
}

/** The staff routes of a screen that is not built yet: its path and name only. */
export const placeholder = (path: string, name: string, extra: Omit<StaffRoute, 'path' | 'name' | 'screen'> = {}): StaffRoute => ({ path, name, ...extra });
