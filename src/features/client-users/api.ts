/** Service calls of client portal users (staff side). */
import { CLIENT_USERS } from '@contracts/client-users';
import type { EndpointInput } from '@contracts/common/endpoint';
import type { InviteClientUserInput } from '@contracts/companies';
import { call, type QueryParams } from '@/shared/http/http';

/** The directory's query as the search table builds it: text parameters, each one checked by the server. */
type ListQuery = EndpointInput<typeof CLIENT_USERS.list>['query'];

export const clientUsersApi = {
  list: (params: QueryParams) => call(CLIENT_USERS.list, { query: params as ListQuery }),
  invite: (input: InviteClientUserInput) => call(CLIENT_USERS.invite, { body: input }),
  resend: (id: number) => call(CLIENT_USERS.resend, { params: { id } }),
  disable: (id: number) => call(CLIENT_USERS.disable, { params: { id } }),
  /** A sign-up request awaiting approval becomes an invited user; the server mails the activation link. */
  approve: (id: number) => call(CLIENT_USERS.approve, { params: { id } }),
  /** A sign-up request awaiting approval is deleted; nobody is told. */
  decline: (id: number) => call(CLIENT_USERS.decline, { params: { id } }),
};
