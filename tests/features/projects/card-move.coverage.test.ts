import { expect } from 'vitest';
import type { Task as Task } from '@contracts/projects';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'card-move')!;
const card = (id: number, column: Task['column'], rank: string): Task => ({
  id,
  project_id: 1,
  title: `Card ${id}`,
  description: '',
  column,
  rank,
  assignee_id: null,
  assignee_name: null,
  estimate: 2,
  sprint_id: null,
  sprint_name: null,
  ticket_id: null,
  ticket_title: null,
  updated_at: '2026-01-05T10:00:00Z',
});
const BOARD = [card(1, 'todo', 'V'), card(2, 'todo', 'k')];

describeMachinePaths(entry, {
  inputs: { board: () => ({ tasks: BOARD }) },
  events: [
    { type: 'board.loaded', tasks: BOARD },
    { type: 'drag.start', taskId: 1 },
    { type: 'drag.cancel' },
    { type: 'drop', move: { taskId: 1, column: 'review' } },
    { type: 'drop', move: { taskId: 1, column: 'todo', beforeId: 1 } },
    { type: 'move.request', move: { taskId: 2, column: 'todo', beforeId: 1 } },
  ],
  outputs: { moveTask: [{ ...card(1, 'review', 'V'), rank: 'V' }] },
  errors: { moveTask: [new ApiError(409, 'conflict', 'The project is locked')] },
  check: (snapshot) => {
    if (snapshot.matches('dropping')) expect(snapshot.context.previous).not.toBeNull();
    if (snapshot.matches('rolledBack')) {
      expect(snapshot.context.previous).toBeNull();
      expect(snapshot.context.error).toMatch(/could not be moved: The project is locked/);
    }
    if (snapshot.matches('settled')) expect(snapshot.context.error).toBeNull();
  },
});
