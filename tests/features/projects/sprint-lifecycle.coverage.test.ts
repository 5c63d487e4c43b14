import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'sprint-lifecycle')!;
const view = (status: string) => ({ sprint: { id: 7, status }, tasks: [], burndown: {}, next_sprints: [] });

describeMachinePaths(entry, {
  inputs: {
    planned: () => ({ sprintId: 7, status: 'planned' }),
    active: () => ({ sprintId: 7, status: 'active' }),
    closed: () => ({ sprintId: 7, status: 'closed' }),
  },
  events: [{ type: 'start' }, { type: 'close.open' }, { type: 'close.cancel' }, { type: 'close.confirm', input: { unfinished: 'backlog' } }],
  outputs: { startSprint: [view('active')], closeSprint: [view('closed')] },
  errors: {
    startSprint: [new ApiError(409, 'conflict', 'Sprint One is still active; close it first')],
    closeSprint: [new ApiError(400, 'invalid_input', 'Invalid body', { next_sprint_id: 'Choose a planned sprint of this project' })],
  },
  check: (snapshot) => {
    if (snapshot.matches({ active: 'dialog' }) && snapshot.context.error) expect(snapshot.context.fieldErrors).toHaveProperty('next_sprint_id');
    if (snapshot.matches({ planned: 'idle' }) && snapshot.context.error) expect(snapshot.context.error).toMatch(/still active/);
  },
});
