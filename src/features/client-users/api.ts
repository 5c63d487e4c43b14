/** Service calls of client portal users (staff side). */
import type { ClientUser, DeclinedSignup, InviteClientUserInput, Paged } from '@contracts/companies';
import { dataOf, http, type QueryParams } from '@/shared/http/http';

export const clientUsersApi = {
  list: (params: QueryParams): Promise<Paged<ClientUser>> => dataOf(http.get<Paged<ClientUser>>('/api/v2/client-users', { params })),
  invite: (input: InviteClientUserInput): Promise<ClientUser> => dataOf(http.post<ClientUser>('/api/v2/client-users', input)),
  resend: (id: number): Promise<ClientUser> => dataOf(http.post<ClientUser>(`/api/v2/client-users/${id}/resend`)),
  disable: (id: number): Promise<ClientUser> => dataOf(http.post<ClientUser>(`/api/v2/client-users/${id}/disable`)),
  /** A sign-up request awaiting approval becomes an invited user; the server mails the activation link. */
  approve: (id: number): Promise<ClientUser> => dataOf(http.post<ClientUser>(`/api/v2/client-users/${id}/approve`)),
  /** A sign-up request awaiting approval is deleted; nobody is told. */
  decline: (id: number): Promise<DeclinedSignup> => dataOf(http.post<DeclinedSignup>(`/api/v2/client-users/${id}/decline`)),
};
