import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'shell')!;

describeMachinePaths(entry, {
  inputs: { 'wide screen': () => ({ mobile: false }), 'narrow screen': () => ({ mobile: true }) },
  events: [
    { type: 'shell.viewportChanged', mobile: true },
    { type: 'shell.viewportChanged', mobile: false },
    { type: 'shell.toggleDrawer' },
    { type: 'shell.closeDrawer' },
    { type: 'shell.toggleSidebar' },
    { type: 'shell.toggleGroup', group: 'Tickets' },
    { type: 'shell.routeChanged', group: 'Company' },
  ],
  check: (snapshot) => {
    // A group is never listed twice, whichever way it was opened.
    const groups = snapshot.context.openGroups as string[];
    expect(new Set(groups).size).toBe(groups.length);
  },
});
