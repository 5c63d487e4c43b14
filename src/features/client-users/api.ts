/** Service calls of client portal users (staff side). */
import type { ClientUser, DeclinedSignup, InviteClientUserInput, Paged } from '@contracts/companies';
import { http, type QueryParams } from '@/shared/http/http';

export const clientUsersApi = {
  async list(params: QueryParams): Promise<Paged<ClientUser>> {
    return (await http.get<Paged<ClientUser>>('/api/v2/client-users', { params })).data;
  },
  async invite(input: InviteClientUserInput): Promise<ClientUser> {
    return (await http.post<ClientUser>('/api/v2/client-users', input)).data;
  },
  async resend(id: number): Promise<ClientUser> {
    return (await http.post<ClientUser>(`/api/v2/client-users/${id}/resend`)).data;
  },
  async disable(id: number): Promise<ClientUser> {
    return (await http.post<ClientUser>(`/api/v2/client-users/${id}/disable`)).data;
  },
  /** A sign-up request awaiting approval becomes an invited user; the server mails the activation link. */
  async approve(id: number): Promise<ClientUser> {
    return (await http.post<ClientUser>(`/api/v2/client-users/${id}/approve`)).data;
  },
  /** A sign-up request awaiting approval is deleted; nobody is told. */
  async decline(id: number): Promise<DeclinedSignup> {
    return (await http.post<DeclinedSignup>(`/api/v2/client-users/${id}/decline`)).data;
  },
};
