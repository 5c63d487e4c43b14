import type {
  AcceptedResponse,
  Article,
  ArticleList,
  ArticleListQuery,
  ClientDashboard,
  ClientTicket,
  ClientTicketDetail,
  ClientTicketListQuery,
  ContactSupportRequest,
  CreateClientTicket,
  CreatePaperOrder,
  CreateScr,
  ForgotPasswordRequest,
  Page,
  PaperOrder,
  PaperProduct,
  ReplyRequest,
  Scr,
  SetPasswordRequest,
  SignupRequest,
  SupportInfo,
} from '@contracts/client-portal';
import { http } from '@/shared/http/http';
import { clientHttp } from '@/shared/http/client-http';

/** Guest calls of the client portal (no session): signup and the password flows. */
export const clientAccountApi = {
  async signup(input: SignupRequest): Promise<AcceptedResponse> {
    return (await http.post<AcceptedResponse>('/api/v2/client/signup', input)).data;
  },
  async forgotPassword(input: ForgotPasswordRequest): Promise<AcceptedResponse> {
    return (await http.post<AcceptedResponse>('/api/v2/client/forgot-password', input)).data;
  },
  async setPassword(input: SetPasswordRequest): Promise<void> {
    await http.post('/api/v2/client/set-password', input);
  },
  async resetPassword(input: SetPasswordRequest): Promise<void> {
    await http.post('/api/v2/client/reset-password', input);
  },
};

type Created = { id: number };

/** The signed-in client's calls; a 401 on any of them reaches the client session. */
export const clientPortalApi = {
  async dashboard(): Promise<ClientDashboard> {
    return (await clientHttp.get<ClientDashboard>('/api/v2/client/dashboard')).data;
  },
  async tickets(query: ClientTicketListQuery): Promise<Page<ClientTicket>> {
    return (await clientHttp.get<Page<ClientTicket>>('/api/v2/client/tickets', { params: query })).data;
  },
  async ticket(id: number): Promise<ClientTicketDetail> {
    return (await clientHttp.get<ClientTicketDetail>(`/api/v2/client/tickets/${id}`)).data;
  },
  async createTicket(input: CreateClientTicket): Promise<Created> {
    return (await clientHttp.post<Created>('/api/v2/client/tickets', input)).data;
  },
  async reply(id: number, input: ReplyRequest): Promise<Created> {
    return (await clientHttp.post<Created>(`/api/v2/client/tickets/${id}/replies`, input)).data;
  },
  async supportInfo(): Promise<SupportInfo> {
    return (await clientHttp.get<SupportInfo>('/api/v2/client/support-info')).data;
  },
  async contactSupport(input: ContactSupportRequest): Promise<Created> {
    return (await clientHttp.post<Created>('/api/v2/client/contact-support', input)).data;
  },
  async paperProducts(): Promise<PaperProduct[]> {
    return (await clientHttp.get<{ items: PaperProduct[] }>('/api/v2/client/paper/products')).data.items;
  },
  async paperOrders(): Promise<Page<PaperOrder>> {
    return (await clientHttp.get<Page<PaperOrder>>('/api/v2/client/paper/orders')).data;
  },
  async orderPaper(input: CreatePaperOrder): Promise<Created> {
    return (await clientHttp.post<Created>('/api/v2/client/paper/orders', input)).data;
  },
  async articles(query: ArticleListQuery): Promise<ArticleList> {
    return (await clientHttp.get<ArticleList>('/api/v2/client/articles', { params: query })).data;
  },
  async article(id: number): Promise<Article> {
    return (await clientHttp.get<Article>(`/api/v2/client/articles/${id}`)).data;
  },
  async scrs(): Promise<Page<Scr>> {
    return (await clientHttp.get<Page<Scr>>('/api/v2/client/scrs')).data;
  },
  async createScr(input: CreateScr): Promise<Created> {
    return (await clientHttp.post<Created>('/api/v2/client/scrs', input)).data;
  },
};
