import type {
  ArticleListQuery,
  ClientTicketListQuery,
  ContactSupportRequest,
  CreateClientTicket,
  CreatePaperOrder,
  CreateScr,
  ForgotPasswordRequest,
  SetPasswordRequest,
  SignupRequest,
} from '../../contracts/client-portal';
import { clientAccountApi, clientPortalApi } from '../../services/client-api';
import { createFormMachine } from './form.machine';
import { createQueryMachine } from './query.machine';

/** The client portal's screens, each a query or a form machine over one service call. */
export const signupMachine = createFormMachine('clientSignup', (v: SignupRequest) => clientAccountApi.signup(v));
export const forgotPasswordMachine = createFormMachine('clientForgotPassword', (v: ForgotPasswordRequest) => clientAccountApi.forgotPassword(v));
export const setPasswordMachine = createFormMachine('clientSetPassword', (v: SetPasswordRequest) => clientAccountApi.setPassword(v));
export const resetPasswordMachine = createFormMachine('clientResetPassword', (v: SetPasswordRequest) => clientAccountApi.resetPassword(v));

export const dashboardMachine = createQueryMachine('clientDashboard', () => clientPortalApi.dashboard());
export const ticketListMachine = createQueryMachine('clientTickets', (q: ClientTicketListQuery) => clientPortalApi.tickets(q));
export const ticketDetailMachine = createQueryMachine('clientTicket', (id: number) => clientPortalApi.ticket(id));
export const createTicketMachine = createFormMachine('clientCreateTicket', (v: CreateClientTicket) => clientPortalApi.createTicket(v));
export const replyMachine = createFormMachine('clientReply', (v: { id: number; body: string }) => clientPortalApi.reply(v.id, { body: v.body }));

export const supportInfoMachine = createQueryMachine('clientSupportInfo', () => clientPortalApi.supportInfo());
export const contactSupportMachine = createFormMachine('clientContactSupport', (v: ContactSupportRequest) => clientPortalApi.contactSupport(v));

export const paperProductsMachine = createQueryMachine('clientPaperProducts', () => clientPortalApi.paperProducts());
export const paperOrdersMachine = createQueryMachine('clientPaperOrders', () => clientPortalApi.paperOrders());
export const orderPaperMachine = createFormMachine('clientOrderPaper', (v: CreatePaperOrder) => clientPortalApi.orderPaper(v));

export const articlesMachine = createQueryMachine('clientArticles', (q: ArticleListQuery) => clientPortalApi.articles(q));
export const articleMachine = createQueryMachine('clientArticle', (id: number) => clientPortalApi.article(id));

export const scrListMachine = createQueryMachine('clientScrs', () => clientPortalApi.scrs());
export const createScrMachine = createFormMachine('clientCreateScr', (v: CreateScr) => clientPortalApi.createScr(v));
