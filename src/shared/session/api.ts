import type { ClientLoginResponse, ClientUser, LoginRequest, StaffLoginResponse, StaffUser } from '@contracts/auth';
import type { TicketSummary } from '@contracts/home';
import type { ManagementDashboard } from '@contracts/management';
import type { MoodleUrlResponse, OverdueCheckResponse, OverdueTicket } from '@contracts/overdue';
import { createHttp, setDefaultBearer } from '@/shared/http/http';
import { browserStorage } from '@/shared/storage';

/** The portal's HTTP client: same origin, bearer from storage. */
export const http = createHttp(browserStorage);

export const staffAuthApi = {
  async login(input: LoginRequest): Promise<StaffLoginResponse> {
    return (await http.post<StaffLoginResponse>('/api/v2/auth/login', input)).data;
  },
  async logout(): Promise<void> {
    await http.get('/logout');
  },
  async whoAmI(userid: string): Promise<StaffUser[]> {
    return (await http.post<StaffUser[]>('/api/v2/profile/who/am/i', { userid })).data;
  },
  async me(userid: string): Promise<StaffUser> {
    return (await http.post<StaffUser>('/api/v2/profile/me', { user: userid })).data;
  },
};

/** Sets the portal client's default bearer header. */
export const applyBearer = (token: string | null) => setDefaultBearer(http, token);

export const overdueApi = {
  async check(userId: string): Promise<OverdueTicket[]> {
    return (await http.post<OverdueCheckResponse>('/api/v2/ticket/check/overdue', { userId })).data.overdueTickets;
  },
};

export const learningCenterApi = {
  async url(): Promise<string> {
    return (await http.post<MoodleUrlResponse>('/api/v2/moodleurl', { dtcUser: true })).data.url;
  },
};

export const managementApi = {
  async dashboard(): Promise<ManagementDashboard> {
    return (await http.get<ManagementDashboard>('/api/v2/management/dashboard')).data;
  },
};

export const ticketsApi = {
  async mine(): Promise<TicketSummary[]> {
    return (await http.get<{ tickets: TicketSummary[] }>('/api/v2/tickets/mine')).data.tickets;
  },
};

export const clientAuthApi = {
  async login(input: LoginRequest): Promise<ClientLoginResponse> {
    return (await http.post<ClientLoginResponse>('/api/v2/client/login', input)).data;
  },
  async logout(): Promise<void> {
    await http.get('/logout');
  },
  async verifyToken(): Promise<ClientUser> {
    return (await http.post<{ valid: true; user: ClientUser }>('/api/v2/client/verify-token')).data.user;
  },
};
