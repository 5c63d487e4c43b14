/** What the org chart says of a person today: "On call now" (any team's rotation or override) and "Off today" (approved leave). */
import type { Queryable } from '@server/platform/sql';
import { onCallSlots } from './calendar';
import * as repo from './schedule.repo';

export const ON_CALL_NOW = 'On call now';
export const OFF_TODAY = 'Off today';

export async function onCallAndOffToday(db: Queryable, ids: number[], now: Date): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const wanted = new Set(ids);
  const today = now.toISOString().slice(0, 10);
  for (const r of await repo.ptoRequests(db, { staffIds: ids, states: ['applied'], from: today, to: today })) out.set(r.requesterId, OFF_TODAY);
  const soon = new Date(now.getTime() + 1);
  for (const team of await repo.teams(db)) {
    const rotation = await repo.rotationOf(db, team.id);
    if (!rotation) continue;
    for (const s of onCallSlots(rotation, await repo.overridesBetween(db, team.id, now, soon), now, soon)) {
      if (wanted.has(s.staffId) && !out.has(s.staffId)) out.set(s.staffId, ON_CALL_NOW);
    }
  }
  return out;
}
