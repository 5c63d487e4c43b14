/** The sessions' own calls: sign-in and sign-out of both audiences, the profile, the overdue check and the Learning Center link. */
import type { ClientLoginResponse, ClientUser, LoginRequest, StaffLoginResponse, StaffUser } from '@contracts/auth';
import { OVERDUE, type MoodleUrlResponse, type OverdueTicket } from '@contracts/overdue';
import { call, dataOf, http, setDefaultBearer } from '@/shared/http/http';

export const staffAuthApi = {
  login: (input: LoginRequest): Promise<StaffLoginResponse> => dataOf(http.post<StaffLoginResponse>('/api/v2/auth/login', input)),
  async logout(): Promise<void> {
    await http.get('/logout');
  },
  whoAmI: (userid: string): Promise<StaffUser[]> => dataOf(http.post<StaffUser[]>('/api/v2/profile/who/am/i', { userid })),
  me: (userid: string): Promise<StaffUser> => dataOf(http.post<StaffUser>('/api/v2/profile/me', { user: userid })),
};

/** Sets the portal client's default bearer header. */
export const applyBearer = (token: string | null) => setDefaultBearer(http, token);

export const overdueApi = {
  async check(userId: string): Promise<OverdueTicket[]> {
    return (await call(OVERDUE.check, { body: { userId } })).overdueTickets;
  },
};

export const learningCenterApi = {
  async url(): Promise<string> {
    return (await http.post<MoodleUrlResponse>('/api/v2/moodleurl', { dtcUser: true })).data.url;
  },
};

export const clientAuthApi = {
  login: (input: LoginRequest): Promise<ClientLoginResponse> => dataOf(http.post<ClientLoginResponse>('/api/v2/client/login', input)),
  async logout(): Promise<void> {
    await http.get('/logout');
  },
  async verifyToken(): Promise<ClientUser> {
    return (await http.post<{ valid: true; user: ClientUser }>('/api/v2/client/verify-token')).data.user;
  },
};
