import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { trackerView } from './time.fixtures';

const entry = machineRegistry.find((m) => m.id === 'tracker')!;
const views = [trackerView.idle, trackerView.running, trackerView.paused, trackerView.stopped];

describeMachinePaths(entry, {
  events: [{ type: 'timer.start' }, { type: 'timer.pause' }, { type: 'timer.resume' }, { type: 'timer.stop' }, { type: 'stop.confirm', note: 'Firewall rules' }, { type: 'stop.cancel' }, { type: 'timer.discard' }, { type: 'discard.confirm' }, { type: 'discard.cancel' }, { type: 'sync' }],
  outputs: { load: views, act: views },
  errors: { load: [{ status: 404, message: 'Initech Power has no managed-services contract' }], act: [{ status: 409, message: 'The timer is already running for this company' }] },
  inputs: { 'Acme, own timer': () => ({ company: 1, user: 3 }) },
  // The shown seconds follow the wall clock; states are told apart by what the server said.
  serializeState: (s) => JSON.stringify([s.value, s.context.view ? [Boolean(s.context.view.timer), Boolean(s.context.view.timer?.paused_at), Boolean(s.context.view.posted)] : null, s.context.action, s.context.note]),
  check: (snapshot) => {
    if (snapshot.matches('running')) expect(snapshot.context.view?.timer?.paused_at).toBeNull();
    if (snapshot.matches('paused')) expect(snapshot.context.view?.timer?.paused_at).toBeTruthy();
    if (snapshot.matches('stopped')) expect(snapshot.context.view?.posted?.minutes).toBe(30);
    // A discard is asked for a timer the server has (running or paused), and posts nothing.
    if (snapshot.matches('discarding')) expect(snapshot.context.view?.timer).toBeTruthy();
    if (snapshot.context.action === 'discard' && snapshot.matches('idle')) expect(snapshot.context.view?.posted).toBeUndefined();
  },
});
