import { render, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inspection } from '@/shared/inspection';
import { machineToGraph } from '@/shared/machines/diagram';
import { machineRegistry } from '@/app/machine-registry';
import MachinesScreen from '@/features/qa/screens/MachinesScreen';
import { staffSessionHarness } from '@tests/support/staff-session-harness';

describe('/qa/machines', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the staff session machine with all its states and events', () => {
    render(<MachinesScreen />);
    const section = screen.getByRole('region', { name: 'staff-session' });
    const svg = section.querySelector('svg')!;
    expect(svg).not.toBeNull();
    for (const state of ['checking', 'signedOut', 'signingIn', 'signedIn', 'signingOut']) {
      expect(svg.querySelector(`[data-state-id="staffSession.${state}"]`)).not.toBeNull();
      expect(within(svg as unknown as HTMLElement).getAllByText(state).length).toBeGreaterThan(0);
    }
    const labels = [...svg.querySelectorAll('.edge text')].map((t) => t.textContent);
    for (const event of ['session.signIn', 'session.signOut', 'done: login', 'error: logout [isSessionGone]', 'always [hasStoredSession]']) {
      expect(labels).toContain(event);
    }
    // Descriptions are tooltips.
    const signedIn = svg.querySelector('[data-state-id="staffSession.signedIn"] > title')!;
    expect(signedIn.textContent).toContain('The tab holds a session: staff routes are allowed and the overdue check runs.');
    expect(within(section).getByRole('button', { name: 'Download staff-session.svg' })).toBeInTheDocument();
  });

  it('lists every registered machine', () => {
    render(<MachinesScreen />);
    for (const entry of machineRegistry) {
      const section = screen.getByRole('region', { name: entry.id });
      const graph = machineToGraph(entry.machine);
      expect(section.querySelectorAll('svg [data-state-id]')).toHaveLength(graph.nodes.length);
    }
  });

  it('highlights the active state of an inspected actor and logs its events', async () => {
    const h = staffSessionHarness();
    const actor = createActor(h.machine, { input: h.input, inspect: inspection.inspect }).start();
    render(<MachinesScreen />);
    const section = screen.getByRole('region', { name: 'staff-session' });
    expect(section.querySelector('[data-active="true"]')!.getAttribute('data-state-id')).toBe('staffSession.signedOut');
    actor.send({ type: 'session.signIn', credentials: { email: 'a@b.c', password: 'secret-password' } });
    expect(await within(section).findByText('signingIn', { selector: 'strong' })).toBeInTheDocument();
    expect(section.querySelector('[data-active="true"]')!.getAttribute('data-state-id')).toBe('staffSession.signingIn');
    const log = within(section).getByRole('list', { name: 'Recent events of staff-session' });
    expect(log).toHaveTextContent('session.signIn');
    expect(section).not.toHaveTextContent('secret-password');
    actor.stop();
  });

  it("a machine's event log longer than its box is a named region that takes focus, so the keyboard can scroll it", async () => {
    // jsdom lays nothing out: every box measures as a log taller than its capped height.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(160);
    const h = staffSessionHarness();
    const actor = createActor(h.machine, { input: h.input, inspect: inspection.inspect }).start();
    render(<MachinesScreen />);
    const section = screen.getByRole('region', { name: 'staff-session' });
    const box = await within(section).findByRole('region', { name: 'Recent events of staff-session' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toContainElement(within(section).getByRole('list', { name: 'Recent events of staff-session' }));
    actor.stop();
  });
});
