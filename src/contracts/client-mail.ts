/**
 * Which ticket mail a client user gets (docs/adr/0201): per event, on or off, chosen in the client
 * portal ("Email me when…") or turned off from the mail itself with its one-click unsubscribe link
 * (RFC 8058, docs/adr/0202). Only what a client turned off is stored; a new event is on for everyone.
 */
import { endpoint } from './common/endpoint';
import { safeText } from './common/input';
import { z } from './common/zod';

/** Every ticket mail a client user can turn off, with the words the portal shows. Security mail (password links) is never among them. */
export const CLIENT_MAIL_EVENTS = [
  { event: 'staff_reply', key: 'staffReply', label: 'Support answers on my tickets', unsubscribed: 'answers from support on your tickets' },
  { event: 'status_change', key: 'statusChange', label: 'The status of my tickets changes', unsubscribed: 'status changes of your tickets' },
] as const;
export type ClientMailEvent = (typeof CLIENT_MAIL_EVENTS)[number]['event'];
export const CLIENT_MAIL_EVENT_NAMES = CLIENT_MAIL_EVENTS.map((e) => e.event) as [ClientMailEvent, ...ClientMailEvent[]];

/** The heading of the settings card and of the unsubscribe page. */
export const CLIENT_MAIL_HEADING = 'Email me when…';
/** The words of the unsubscribe link in the footer of every client ticket mail. */
export const UNSUBSCRIBE_LINK_TEXT = 'Unsubscribe from these emails';
/** The answer of a link that is not (or no longer) valid. */
export const UNSUBSCRIBE_INVALID_MESSAGE = 'This unsubscribe link is not valid. Sign in to the client portal to choose which emails you get.';

const onOff = (what: string) => z.boolean({ error: `${what} must be on or off` });

/** A client user's mail settings: one switch per event. */
export const clientMailSettingsSchema = z.strictObject({
  staffReply: onOff('Support answers on my tickets'),
  statusChange: onOff('Status changes of my tickets'),
});
export type ClientMailSettings = z.infer<typeof clientMailSettingsSchema>;

/** How many days after its mail was sent an unsubscribe link is honoured (docs/adr/0214). */
export const UNSUBSCRIBE_LINK_DAYS = 90;
/** The answer of an authentic link past its days. */
export const UNSUBSCRIBE_EXPIRED_MESSAGE = `This unsubscribe link has expired: a link works for ${UNSUBSCRIBE_LINK_DAYS} days after its email was sent.`;
/** What the expired page offers a ticket contact without a portal account (a client user is offered the portal's settings). */
export const CONTACT_EXPIRED_HINT = 'Use the unsubscribe link in a more recent email from us, or ask our support team.';

/** What the unsubscribe page tells a ticket contact without a portal account who wants the mail again (docs/adr/0215). */
export const CONTACT_RESUBSCRIBE_MESSAGE = 'Changed your mind? Ask our support team to email you about your tickets again.';

/** The token of an unsubscribe link: `<user or c+contact>.<event>.<day>.<signature>`, URL-safe. */
export const unsubscribeParamsSchema = z.strictObject({
  token: safeText('Give the unsubscribe token', 'Unsubscribe token').min(1, 'Give the unsubscribe token').max(200, 'The unsubscribe token is too long').regex(/^[A-Za-z0-9._-]+$/, 'The unsubscribe token has characters a link never has'),
});

/** Where the one-click unsubscribe link points (GET shows the confirmation page, POST turns the event off). */
export const UNSUBSCRIBE_PATH = '/api/v2/public/unsubscribe';

export const CLIENT_MAIL = {
  settings: endpoint({
    method: 'GET',
    path: '/api/v2/client/mail-settings',
    audience: 'client',
    tag: 'Client mail settings',
    summary: 'Which ticket mail the signed-in client user gets',
    response: clientMailSettingsSchema,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/v2/client/mail-settings',
    audience: 'client',
    tag: 'Client mail settings',
    summary: 'Turns ticket mail of the signed-in client user on or off, per event',
    body: clientMailSettingsSchema,
    response: clientMailSettingsSchema,
  }),
  unsubscribePage: endpoint({
    method: 'GET',
    path: `${UNSUBSCRIBE_PATH}/:token`,
    audience: 'public',
    tag: 'Client mail settings',
    summary: 'The page of an unsubscribe link: names the mail it stops and asks to confirm (changes nothing)',
    params: unsubscribeParamsSchema,
    produces: 'text/html',
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: `${UNSUBSCRIBE_PATH}/:token`,
    audience: 'public',
    tag: 'Client mail settings',
    summary: 'One-click unsubscribe (RFC 8058): turns the link’s event off for its client user, without signing in',
    params: unsubscribeParamsSchema,
    produces: 'text/html',
  }),
} as const;
