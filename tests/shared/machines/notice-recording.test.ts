/** The shared setup of machine tests that read notices: each test starts with none, and a started actor says nothing after its test. */
import { createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { notifyActions } from '@/shared/machines/notify';
import { recordMachineNotices } from '@tests/support/notices';

const LATE_MS = 20;
const speaker = setup({ actions: notifyActions, delays: { LATE: LATE_MS } }).createMachine({
  id: 'speaker',
  entry: { type: 'notify', params: { tone: 'success', title: 'Started' } },
  after: { LATE: { actions: [{ type: 'notify', params: { tone: 'info', title: 'Still here' } }, { type: 'dismissNotice', params: { key: 'late' } }] } },
});

describe('recording the notices of machine tests', () => {
  const { notices, started } = recordMachineNotices();

  it('records what a started machine says during its test', () => {
    const actor = createActor(speaker).start();
    started.push(actor);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Started' }]);
  });

  it('starts the next test with nothing recorded, and the last test’s actor stopped before it could speak', async () => {
    expect(notices.notices).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, LATE_MS * 3));
    expect(notices.notices).toEqual([]);
    expect(notices.dismissed).toEqual([]);
  });
});
