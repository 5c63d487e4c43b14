import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { canSee, groupOfRoute, isGroup, STAFF_MENU } from '@/app/menu';
import { shellMachine } from '@/features/shell/machines/shell.machine';

describe('shell: sidebar and drawer', () => {
  it('starts as a drawer below the breakpoint and closes it on route change', () => {
    const actor = createActor(shellMachine, { input: { mobile: true } }).start();
    expect(actor.getSnapshot().value).toEqual({ narrow: 'closed' });
    actor.send({ type: 'shell.toggleDrawer' });
    expect(actor.getSnapshot().value).toEqual({ narrow: 'open' });
    actor.send({ type: 'shell.routeChanged', group: 'Tickets' });
    expect(actor.getSnapshot().value).toEqual({ narrow: 'closed' });
    expect(actor.getSnapshot().context.openGroups).toEqual(['Tickets']);
  });

  it('collapses and expands the sidebar on wide screens, and switches layout with the viewport', () => {
    const actor = createActor(shellMachine, { input: { mobile: false } }).start();
    expect(actor.getSnapshot().value).toEqual({ wide: 'expanded' });
    actor.send({ type: 'shell.toggleSidebar' });
    expect(actor.getSnapshot().value).toEqual({ wide: 'collapsed' });
    actor.send({ type: 'shell.viewportChanged', mobile: true });
    expect(actor.getSnapshot().value).toEqual({ narrow: 'closed' });
    actor.send({ type: 'shell.viewportChanged', mobile: false });
    expect(actor.getSnapshot().value).toEqual({ wide: 'expanded' });
  });

  it('expands and collapses groups', () => {
    const actor = createActor(shellMachine, { input: { mobile: false } }).start();
    actor.send({ type: 'shell.toggleGroup', group: 'Quote' });
    actor.send({ type: 'shell.toggleGroup', group: 'Forms' });
    actor.send({ type: 'shell.toggleGroup', group: 'Quote' });
    expect(actor.getSnapshot().context.openGroups).toEqual(['Forms']);
  });
});

describe('the menu of spec 2.2', () => {
  it('lists the entries and groups in the order of the spec', () => {
    expect(STAFF_MENU.map((i) => (isGroup(i) ? `[${i.group}]` : i.label))).toEqual([
      'Home', 'AI Chatbot', 'Learning Center', 'Profile', 'Org Chart', 'Management Dashboard', 'Weekly Schedule',
      '[Company]', '[Tickets]', '[Projects]', '[Quote]', '[Forms]', 'Sales', '[Quality Assurance]', '[Reports]',
      'Software Change Request', 'Managed Services', 'Time', '[Live Displays]', 'Outbox', 'Email in', 'Log Out',
    ]);
  });

  it("keeps the spec's Reports entry first in its group, with every built report under it, and Outbox for admins only", () => {
    const group = STAFF_MENU.find((i) => isGroup(i) && i.group === 'Reports');
    expect(group && isGroup(group) && group.entries.map((e) => [e.label, 'route' in e.target && e.target.route])).toEqual([
      ['Reports', '/report/base'],
      ['Survey Results', '/report/surveys'],
      ['Active Ticket Stats', '/active/ticket/stats'],
    ]);
    expect(groupOfRoute('/report/surveys')).toBe('Reports');
    const outbox = STAFF_MENU.find((i) => !isGroup(i) && i.label === 'Outbox');
    expect(outbox && !isGroup(outbox) && outbox.target).toEqual({ route: '/admin/outbox' });
    expect(outbox && !isGroup(outbox) && ['user', 'manager', 'admin'].map((r) => canSee(outbox, r as 'user'))).toEqual([false, false, true]);
    const mail = STAFF_MENU.find((i) => !isGroup(i) && i.label === 'Email in');
    expect(mail && !isGroup(mail) && mail.target).toEqual({ route: '/admin/mail' });
    expect(mail && !isGroup(mail) && ['user', 'manager', 'admin'].map((r) => canSee(mail, r as 'user'))).toEqual([false, false, true]);
  });

  it("keeps the spec's Quality Assurance entry first in its group, with the machine diagrams under it", () => {
    const group = STAFF_MENU.find((i) => isGroup(i) && i.group === 'Quality Assurance');
    const seenBy = (role: 'user' | 'manager' | 'admin') =>
      group && isGroup(group) && group.entries.filter((e) => canSee(e, role)).map((e) => [e.label, 'route' in e.target && e.target.route]);
    for (const role of ['user', 'manager'] as const) {
      expect(seenBy(role)).toEqual([
        ['Quality Assurance', '/quality/qa'],
        ['Machines', '/qa/machines'],
      ]);
    }
    // The developer screens follow, for admins only (ADR 0135).
    expect(seenBy('admin')).toEqual([
      ['Quality Assurance', '/quality/qa'],
      ['Machines', '/qa/machines'],
      ['UI Kit', '/qa/ui'],
      ['Data Table Demo', '/ui/table-demo'],
    ]);
    expect(groupOfRoute('/qa/machines')).toBe('Quality Assurance');
  });

  it('shows Management Dashboard to manager and admin only', () => {
    const entry = STAFF_MENU.find((i) => !isGroup(i) && i.label === 'Management Dashboard');
    expect(entry && !isGroup(entry) && ['user', 'manager', 'admin'].map((r) => canSee(entry, r as 'user'))).toEqual([false, true, true]);
  });

  it('finds the group of a route', () => {
    expect(groupOfRoute('/live/displays/quality')).toBe('Live Displays');
    expect(groupOfRoute('/home')).toBeNull();
  });
});
