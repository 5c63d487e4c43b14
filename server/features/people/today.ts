/** What the org chart says of a person today: "On call now" (any team's rotation or override) and "Off today" (approved leave). */
import type { Queryable } from '@server/platform/sql';
import { onCallSlots } from './calendar';
import * as repo from './schedule.repo';

export const ON_CALL_NOW = 'On call now';
export const OFF_TODAY = 'Off today';

/** How far ahead a watch's end is looked for: a watch longer than this reads as ending then. */
const WATCH_LOOKAHEAD_MS = 7 * 86_400_000;

/** Who holds each team's on-call watch at an instant (rotation with its overrides), and until when. */
export type OnCallWatch = { teamId: number; team: string; staffId: number; name: string; until: string };

export async function onCallNow(db: Queryable, now: Date): Promise<OnCallWatch[]> {
  const at = now.toISOString();
  const horizon = new Date(now.getTime() + WATCH_LOOKAHEAD_MS);
  const watches: Omit<OnCallWatch, 'name'>[] = [];
  for (const team of await repo.teams(db)) {
    const rotation = await repo.rotationOf(db, team.id);
    if (!rotation) continue;
    const slots = onCallSlots(rotation, await repo.overridesBetween(db, team.id, now, horizon), now, horizon);
    for (const s of slots) if (s.startsAt <= at && s.endsAt > at) watches.push({ teamId: team.id, team: team.name, staffId: s.staffId, until: s.endsAt });
  }
  const names = new Map((await repo.staffNamed(db, [...new Set(watches.map((w) => w.staffId))])).map((p) => [p.id, p.name]));
  return watches.flatMap((w) => {
    const name = names.get(w.staffId);
    return name === undefined ? [] : [{ ...w, name }];
  });
}

export async function onCallAndOffToday(db: Queryable, ids: number[], now: Date): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const wanted = new Set(ids);
  const today = now.toISOString().slice(0, 10);
  for (const r of await repo.ptoRequests(db, { staffIds: ids, states: ['applied'], from: today, to: today })) out.set(r.requesterId, OFF_TODAY);
  for (const w of await onCallNow(db, now)) if (wanted.has(w.staffId) && !out.has(w.staffId)) out.set(w.staffId, ON_CALL_NOW);
  return out;
}

/** Leave that counts as "away": applied (approved) or still waiting on a decision (in review, or sent back for changes). */
const AWAY_STATES = ['applied', 'inReview', 'changesRequested'];

/** Whether a person has approved or pending leave (PTO) covering a calendar day (YYYY-MM-DD). */
export async function awayOn(db: Queryable, staffId: number, day: string): Promise<boolean> {
  return (await repo.ptoRequests(db, { staffIds: [staffId], states: AWAY_STATES, from: day, to: day })).length > 0;
}
