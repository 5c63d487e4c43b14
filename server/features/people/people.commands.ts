/** The people feature's transaction scripts: the profile, the password, notices, the org chart. */
import {
  ALWAYS_ON_EVENTS,
  NOTIFICATION_CHANNEL_NAMES,
  NOTIFICATION_EVENT_NAMES,
  type NotificationChannel,
  type NotificationEvent,
  type OrgChart,
  type Profile,
} from '@contracts/people';
import { audit, staffActor } from '@server/platform/audit';
import { queueEmail } from '@server/platform/mail/outbox';
import { hashPassword, passwordProblem, verifyPassword } from '@server/platform/auth/passwords';
import { revokeOtherSessions } from '@server/platform/auth/sessions';
import { conflict, invalidField, notFound } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';
import {
  activeNameOf,
  isInChainAbove,
  lockOrgChart,
  notificationAllowedAt,
  notificationChoicesOf,
  orgPeople,
  passwordHashOf,
  profileOf,
  saveNotificationSettings,
  saveProfile,
  setManagerOf,
  setPasswordHash,
  type ProfileFields,
} from './people.repo';
import { statusOfPeople } from './status';

/** A person's whole profile: their fields and every event × channel, on unless they turned it off. */
export async function readProfile(db: Queryable, staffId: number): Promise<Profile> {
  const profile = await profileOf(db, staffId);
  if (!profile) throw notFound('No such staff member');
  const chosen = await notificationChoicesOf(db, staffId);
  const notifications = NOTIFICATION_EVENT_NAMES.flatMap((event) =>
    NOTIFICATION_CHANNEL_NAMES.map((channel) => ({
      event,
      channel,
      enabled: ALWAYS_ON_EVENTS.includes(event) || (chosen.find((c) => c.event === event && c.channel === channel)?.enabled ?? true),
    })),
  );
  return { ...profile, notifications };
}

export async function updateProfile(db: Queryable, staffId: number, fields: ProfileFields, now: Date): Promise<Profile> {
  if (!(await saveProfile(db, staffId, fields, now))) throw notFound('No such staff member');
  await audit(db, { actor: staffActor(staffId), entity: 'staff_user', entityId: staffId, action: 'profile.update', detail: { timeZone: fields.timeZone, theme: fields.theme, landingPage: fields.landingPage } });
  return readProfile(db, staffId);
}

export async function updateNotificationSettings(
  db: Queryable,
  staffId: number,
  settings: { quietHours: { from: string; to: string } | null; notifications: { event: NotificationEvent; channel: NotificationChannel; enabled: boolean }[] },
  now: Date,
): Promise<Profile> {
  const off = settings.notifications.find((n) => ALWAYS_ON_EVENTS.includes(n.event) && !n.enabled);
  if (off) throw invalidField('notifications', 'Security notices are always on; they cannot be turned off');
  await saveNotificationSettings(db, staffId, settings.quietHours, settings.notifications, now);
  await audit(db, { actor: staffActor(staffId), entity: 'staff_user', entityId: staffId, action: 'profile.notifications', detail: settings });
  return readProfile(db, staffId);
}

/**
 * Changes a person's password: the current one must be right and the new one acceptable; every
 * other session of theirs ends, the one that asked stays signed in.
 */
export async function changePassword(
  db: Queryable,
  who: { userId: number; sessionId: number; email: string; name: string },
  current: string,
  next: string,
  now: Date,
): Promise<{ ended: number; mail: number | null }> {
  const stored = await passwordHashOf(db, who.userId);
  if (!stored) throw notFound('No such staff member');
  if (!(await verifyPassword(current, stored))) throw invalidField('current', 'Current password is not right');
  const problem = passwordProblem(next);
  if (problem) throw invalidField('next', problem);
  if (await verifyPassword(next, stored)) throw invalidField('next', 'New password must differ from the current one');
  await setPasswordHash(db, who.userId, await hashPassword(next));
  // Every other session of theirs ends; their open streams end on every app server when this commits.
  const ended = await revokeOtherSessions(db, who.userId, who.sessionId, now);
  await audit(db, { actor: staffActor(who.userId), entity: 'staff_user', entityId: who.userId, action: 'password.change', detail: { otherSessionsEnded: ended } });
  // A security notice: always sent (the rule says so), in the same transaction as the change.
  const mail = (await notificationAllowed(db, { userId: who.userId, event: 'security', channel: 'email', at: now }))
    ? await queueEmail(db, {
        to: who.email,
        subject: 'Your Client Care password was changed',
        body: `Hello ${who.name},\n\nThe password of your Client Care account was changed${ended ? ` and ${ended} other session${ended === 1 ? ' was' : 's were'} signed out` : ''}. If this was not you, ask an administrator to reset it at once.`,
        kind: 'security.password-changed',
      })
    : null;
  return { ended, mail };
}

/**
 * Whether a notice of `event` may reach `userId` on `channel` at `at`: other features ask this
 * before they tell someone (security notices always; not an event the person turned off on that
 * channel; an email not within their quiet hours, read in their time zone).
 */
export function notificationAllowed(db: Queryable, n: { userId: number; event: NotificationEvent; channel: NotificationChannel; at: Date }): Promise<boolean> {
  return notificationAllowedAt(db, n.userId, n.event, n.channel, n.at);
}

export async function readOrgChart(db: Queryable, now: Date): Promise<OrgChart> {
  const people = await orgPeople(db);
  const status = await statusOfPeople(db, people.map((p) => p.id), now);
  return { people: people.map((p) => ({ ...p, status: status.get(p.id) ?? [] })) };
}

/**
 * An admin changes whom a person reports to. Changes of the chart are serialised by a lock taken
 * first, so two changes that would only together make a cycle cannot both pass: the second sees
 * the first and is refused with 409.
 */
export async function changeManager(db: Queryable, actorId: number, personId: number, managerId: number | null, now: Date): Promise<OrgChart> {
  await lockOrgChart(db);
  const person = await activeNameOf(db, personId);
  if (!person) throw notFound('No such staff member');
  if (managerId !== null) {
    if (managerId === personId) throw invalidField('managerId', `${person} cannot report to themselves`);
    const manager = await activeNameOf(db, managerId);
    if (!manager) throw invalidField('managerId', 'Pick a manager who is an active staff member');
    if (await isInChainAbove(db, managerId, personId)) {
      throw conflict(`${person} cannot report to ${manager}: ${manager} already reports to ${person}, directly or through others`, {
        managerId: `${manager} reports to ${person}`,
      });
    }
  }
  const changed = await setManagerOf(db, personId, managerId);
  if (!changed) throw notFound('No such staff member');
  await audit(db, { actor: staffActor(actorId), entity: 'staff_user', entityId: personId, action: 'manager.change', detail: { from: changed.before, to: managerId } });
  return readOrgChart(db, now);
}
