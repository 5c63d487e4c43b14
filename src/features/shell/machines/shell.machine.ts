import { assertEvent, assign, setup } from 'xstate';

export type ShellContext = {
  /** Sidebar groups that are expanded, by label. */
  openGroups: string[];
  /** Whether the viewport was narrow when the layout started. */
  startedMobile: boolean;
};

export type ShellEvent =
  | { type: 'shell.viewportChanged'; mobile: boolean }
  | { type: 'shell.toggleDrawer' }
  | { type: 'shell.closeDrawer' }
  | { type: 'shell.toggleSidebar' }
  | { type: 'shell.toggleGroup'; group: string }
  /** The route changed; `group` is the sidebar group holding the new route, if any. */
  | { type: 'shell.routeChanged'; group: string | null };

/**
 * The staff layout's chrome: a collapsible sidebar on wide screens, an off-canvas drawer below
 * the mobile breakpoint that closes on route change, and expandable menu groups.
 */
export const shellMachine = setup({
  types: {
    context: {} as ShellContext,
    events: {} as ShellEvent,
    input: {} as { mobile: boolean },
  },
  guards: {
    isMobile: ({ event }) => event.type === 'shell.viewportChanged' && event.mobile,
    isWide: ({ event }) => event.type === 'shell.viewportChanged' && !event.mobile,
    hasStartedMobile: ({ context }) => context.startedMobile,
  },
  actions: {
    toggleGroup: assign({
      openGroups: ({ context, event }) => {
        assertEvent(event, 'shell.toggleGroup');
        const group = event.group;
        return context.openGroups.includes(group) ? context.openGroups.filter((g) => g !== group) : [...context.openGroups, group];
      },
    }),
    openRouteGroup: assign({
      openGroups: ({ context, event }) => {
        assertEvent(event, 'shell.routeChanged');
        const group = event.group;
        return group && !context.openGroups.includes(group) ? [...context.openGroups, group] : context.openGroups;
      },
    }),
  },
}).createMachine({
  id: 'shell',
  description: 'The staff layout: sidebar (wide screens) or drawer (narrow screens), and menu groups.',
  context: ({ input }) => ({ openGroups: [], startedMobile: input.mobile }),
  initial: 'deciding',
  on: {
    'shell.toggleGroup': { actions: 'toggleGroup' },
  },
  states: {
    deciding: {
      description: 'Chooses the layout for the starting viewport.',
      always: [{ guard: 'hasStartedMobile', target: 'narrow' }, { target: 'wide' }],
    },
    wide: {
      description: 'At least 768 px wide: the sidebar sits beside the page.',
      initial: 'expanded',
      on: {
        'shell.viewportChanged': { guard: 'isMobile', target: 'narrow' },
        'shell.routeChanged': { actions: 'openRouteGroup' },
      },
      states: {
        expanded: { description: 'The sidebar shows labels.', on: { 'shell.toggleSidebar': 'collapsed' } },
        collapsed: { description: 'The sidebar is folded away.', on: { 'shell.toggleSidebar': 'expanded' } },
      },
    },
    narrow: {
      description: 'Narrower than 768 px: the sidebar is an off-canvas drawer.',
      initial: 'closed',
      on: {
        'shell.viewportChanged': { guard: 'isWide', target: 'wide' },
      },
      states: {
        closed: {
          description: 'The drawer is hidden.',
          on: {
            'shell.toggleDrawer': 'open',
            'shell.routeChanged': { actions: 'openRouteGroup' },
          },
        },
        open: {
          description: 'The drawer covers the page.',
          on: {
            'shell.toggleDrawer': 'closed',
            'shell.closeDrawer': 'closed',
            'shell.routeChanged': { target: 'closed', actions: 'openRouteGroup', description: 'The drawer closes on route change.' },
          },
        },
      },
    },
  },
});
