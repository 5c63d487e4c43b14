/**
 * The change calendar: planned releases (SCR target dates) per week for staff, and its iCalendar
 * feed, a secret and revocable address per staff member written by the one iCalendar writer.
 */
import {
  CHANGE_FEED_WEEKS_BACK,
  calendarTitle,
  scrPath,
  type ChangeCalendar,
  type ChangeFeedCreated,
  type calendarQuerySchema,
} from '@contracts/changes';
import type { z } from '@contracts/common/zod';
import { addDays, mondayOf } from '@contracts/time';
import { audit, staffActor } from '@server/platform/audit';
import { feedTokenHash, newFeedToken, writeCalendar } from '@server/platform/calendar/ical';
import { notFound } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';
import * as repo from './changes.repo';

/** The Mondays of the weeks a calendar shows, from the week holding `from`. */
const calendarMondays = (from: string, weeks: number): string[] => Array.from({ length: weeks }, (_, i) => addDays(mondayOf(from), 7 * i));

const today = (now: Date) => now.toISOString().slice(0, 10);

/** The weeks from the one holding `from` (this week when left out), each with the SCRs planned in it. */
export async function readCalendar(db: Queryable, query: z.output<typeof calendarQuerySchema>, now: Date): Promise<ChangeCalendar> {
  const mondays = calendarMondays(query.from ?? today(now), query.weeks);
  const items = await repo.plannedBetween(db, mondays[0]!, addDays(mondays.at(-1)!, 6));
  return { weeks: mondays.map((monday) => ({ monday, items: items.filter((i) => mondayOf(i.target_date) === monday) })) };
}

export async function addFeed(db: Queryable, staffId: number, publicUrl: string, now: Date): Promise<ChangeFeedCreated> {
  const token = newFeedToken();
  const feed = await repo.insertFeed(db, staffId, feedTokenHash(token), now);
  await audit(db, { actor: staffActor(staffId), entity: 'change_feed', entityId: feed.id, action: 'create', detail: {} });
  return { ...feed, url: `${publicUrl}/api/v2/changes/feed/${token}.ics` };
}

export async function revokeFeed(db: Queryable, staffId: number, id: number, now: Date): Promise<void> {
  if (!(await repo.revokeFeed(db, staffId, id, now))) throw notFound('No such calendar feed');
  await audit(db, { actor: staffActor(staffId), entity: 'change_feed', entityId: id, action: 'revoke', detail: {} });
}

/** The feed's iCalendar text: one all-day event per planned release, from twelve weeks back on. */
export async function feedCalendar(db: Queryable, token: string, publicUrl: string, now: Date): Promise<string> {
  if (!(await repo.liveFeed(db, feedTokenHash(token)))) throw notFound('No such feed');
  const from = addDays(mondayOf(today(now)), -7 * CHANGE_FEED_WEEKS_BACK);
  const events = (await repo.plannedBetween(db, from, null)).map((s) => ({
    uid: `scr-${s.id}`,
    day: s.target_date,
    summary: calendarTitle(s.id, s.title),
    description: `${s.company}`,
    url: `${publicUrl}${scrPath(s.id)}`,
  }));
  return writeCalendar({ name: 'Client Care planned releases', product: 'Change calendar', events, now });
}
