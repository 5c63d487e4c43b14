/**
 * A screen rendered at a URL, as the app mounts it: a wouter router on an in-memory location (its
 * history records every navigation), and, when a test asks, the session contexts the staff app
 * provides and the hosts the app mounts beside every screen (dialogs, toasts).
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Role } from '@contracts/common/constants';
import { StaffRoleContext } from '@/shared/session/role';
import { browserSessionInput, StaffSession } from '@/shared/session/staff-session';
import type { StaffSessionInput } from '@/shared/session/staff-session.machine';
import { browserStorage, staffSessionStore } from '@/shared/storage';
import { ToastRegion } from '@/shared/ui/components';
import { DialogHost } from '@/shared/ui/dialog/DialogHost';

/** The in-memory location a screen was rendered at; `history` lists every path it went to, the first one included. */
export type MemoryLocation = ReturnType<typeof memoryLocation>;

export type RenderAtOptions = {
  /** The signed-in staff user's role, as the staff layout provides it (`StaffRoleContext`); none by default, as outside a staff session. */
  role?: Role;
  /** The staff session actor (`StaffSession.Provider`), as the staff app provides it: `true` for the tab's storage, or an input of the test's own. */
  staffSession?: true | StaffSessionInput;
  /** The locale react-aria formats and parses dates and numbers in (`I18nProvider`), instead of the machine's. */
  locale?: string;
  /** The app's dialog host beside the screen (confirmations, the Session Expired dialog), as App mounts it. */
  dialogs?: boolean;
  /** The app's toast region beside the screen, as App mounts it. */
  toasts?: boolean;
  /** A provider of the feature's own around the screen (a registry the screen reads, for instance). */
  wrap?: (screen: ReactNode) => ReactNode;
};

/** The render result, with the memory location and its history at hand. */
export type RenderedAt = RenderResult & {
  location: MemoryLocation;
  /** Every path the screen was at, the first one included (`history.at(-1)` is where it is now). */
  history: string[];
  /** Moves the location, as a link or the browser's address bar would. */
  navigate: MemoryLocation['navigate'];
};

/**
 * Renders `ui` at `path` (a path with its query string, such as `/ticket/search?f.status=A`), inside
 * a router on an in-memory location, with the contexts and hosts the options ask for.
 */
export function renderAt(path: string, ui: ReactNode, options: RenderAtOptions = {}): RenderedAt {
  const location = memoryLocation({ path, record: true });
  let tree: ReactNode = (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {options.wrap ? options.wrap(ui) : ui}
      {options.dialogs ? <DialogHost /> : null}
      {options.toasts ? <ToastRegion /> : null}
    </Router>
  );
  if (options.role !== undefined) tree = <StaffRoleContext.Provider value={options.role}>{tree}</StaffRoleContext.Provider>;
  if (options.staffSession) {
    const input = options.staffSession === true ? browserSessionInput(staffSessionStore(browserStorage())) : options.staffSession;
    tree = <StaffSession.Provider options={{ input }}>{tree}</StaffSession.Provider>;
  }
  if (options.locale) tree = <I18nProvider locale={options.locale}>{tree}</I18nProvider>;
  const rendered = render(tree);
  return Object.assign(rendered, { location, history: location.history, navigate: location.navigate });
}
