/**
 * What a change to a task means for the burndown of the active sprints it touches: scope added or
 * removed (joining or leaving a sprint, an estimate change) and work done or reopened.
 */
import type { BoardColumn, TaskEventKind } from '@contracts/projects';

export type TaskState = { sprint_id: number | null; estimate: number | null; column: BoardColumn };
export type SprintEvent = { sprint_id: number; kind: TaskEventKind; points: number };

const points = (t: TaskState | null) => t?.estimate ?? 0;
const doneIn = (t: TaskState | null, sprint: number) => (t && t.sprint_id === sprint && t.column === 'done' ? points(t) : 0);

/** The events a change from `before` to `after` (null: the task did not or no longer exists) writes for the active sprints. */
export function sprintEvents(before: TaskState | null, after: TaskState | null, isActive: (sprintId: number) => boolean): SprintEvent[] {
  const out: SprintEvent[] = [];
  const sprints = new Set([before?.sprint_id, after?.sprint_id].filter((s): s is number => typeof s === 'number' && isActive(s)));
  for (const sprint of sprints) {
    const wasIn = before?.sprint_id === sprint;
    const isIn = after?.sprint_id === sprint;
    if (wasIn && !isIn && points(before) > 0) out.push({ sprint_id: sprint, kind: 'removed', points: points(before) });
    if (!wasIn && isIn && points(after) > 0) out.push({ sprint_id: sprint, kind: 'added', points: points(after) });
    if (wasIn && isIn && points(before) !== points(after)) out.push({ sprint_id: sprint, kind: 'estimate', points: points(after) - points(before) });
    const done = doneIn(after, sprint) - doneIn(before, sprint);
    if (done > 0) out.push({ sprint_id: sprint, kind: 'done', points: done });
    if (done < 0) out.push({ sprint_id: sprint, kind: 'undone', points: -done });
  }
  return out;
}
