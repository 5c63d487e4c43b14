/**
 * The staff side of client portal users: the directory, invitations, sign-up approvals and
 * disabling. Their payloads are the companies contract's (a company's page lists its client
 * users); the client users' own calls (signup, password links) are `CLIENT_ACCOUNTS` in the client
 * portal's contract, so the portal's pages do not load the staff schemas.
 */
import { endpoint } from './common/endpoint';
import { idParamsSchema } from './common/input';
import { clientUserEntrySchema, clientUserQuerySchema, declinedSignupSchema, inviteClientUserSchema } from './companies';
import { pagedSchema } from './tickets';

export const clientUserPageSchema = pagedSchema(clientUserEntrySchema);

export const CLIENT_USERS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/client-users',
    audience: 'staff',
    tag: 'Client users',
    summary: 'A page of the client users of every company, by text, company and status, sorted by any column',
    query: clientUserQuerySchema,
    response: clientUserPageSchema,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/v2/client-users',
    audience: 'staff',
    tag: 'Client users',
    summary: 'Invites a client user of a company: the invitation email carries a set-password link',
    body: inviteClientUserSchema,
    status: 201,
    response: clientUserEntrySchema,
    idempotent: true,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/v2/client-users/:id/resend',
    audience: 'staff',
    tag: 'Client users',
    summary: 'Sends the invitation again with a new link, to a user who has not set a password yet',
    params: idParamsSchema,
    response: clientUserEntrySchema,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/v2/client-users/:id/approve',
    audience: 'staff',
    tag: 'Client users',
    summary: 'Approves a sign-up request: the user is invited and gets the activation link',
    params: idParamsSchema,
    response: clientUserEntrySchema,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/v2/client-users/:id/decline',
    audience: 'staff',
    tag: 'Client users',
    summary: 'Declines a sign-up request: the request is deleted and nobody is told',
    params: idParamsSchema,
    response: declinedSignupSchema,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/v2/client-users/:id/disable',
    audience: 'staff',
    tag: 'Client users',
    summary: 'Disables a client user: every session and unused password link of theirs ends',
    params: idParamsSchema,
    response: clientUserEntrySchema,
  }),
} as const;
