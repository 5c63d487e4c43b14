import {
  CLIENT_ACCOUNTS,
  CLIENT_PORTAL,
  type ArticleListQuery,
  type ClientTicketListQuery,
  type ContactSupportRequest,
  type CreateClientTicket,
  type CreatePaperOrder,
  type CreateScr,
  type ForgotPasswordRequest,
  type ReplyRequest,
  type SetPasswordRequest,
  type SignupRequest,
} from '@contracts/client-portal';
import { CHANGES } from '@contracts/changes';
import { CLIENT_TICKETS } from '@contracts/client-tickets';
import { CLIENT_MAIL, type ClientMailSettings } from '@contracts/client-mail';
import { call } from '@/shared/http/http';
import { clientCall } from '@/shared/http/client-http';
import { TICKET_ATTACHMENTS } from '@contracts/ticket-attachments';

/** Guest calls of the client portal (no session): signup and the password flows. */
export const clientAccountApi = {
  signup: (input: SignupRequest) => call(CLIENT_ACCOUNTS.signup, { body: input }),
  forgotPassword: (input: ForgotPasswordRequest) => call(CLIENT_ACCOUNTS.forgotPassword, { body: input }),
  async setPassword(input: SetPasswordRequest): Promise<void> {
    await call(CLIENT_ACCOUNTS.setPassword, { body: input });
  },
  async resetPassword(input: SetPasswordRequest): Promise<void> {
    await call(CLIENT_ACCOUNTS.resetPassword, { body: input });
  },
};

/** The signed-in client's calls; a 401 on any of them reaches the client session. */
export const clientPortalApi = {
  dashboard: () => clientCall(CLIENT_PORTAL.dashboard),
  // The portal's tickets are the tickets feature's endpoints.
  tickets: (query: ClientTicketListQuery) => clientCall(CLIENT_TICKETS.list, { query }),
  ticket: (id: number) => clientCall(CLIENT_TICKETS.view, { params: { id } }),
  createTicket: (input: CreateClientTicket) => clientCall(CLIENT_TICKETS.create, { body: input }),
  /** A reply, with its files when there are any (sent as multipart/form-data). */
  reply: (id: number, input: ReplyRequest, files: readonly File[] = []) => clientCall(CLIENT_TICKETS.reply, { params: { id }, body: input, files }),
  /** A file for the ticket itself (one of those chosen in the new-ticket form). */
  attachToTicket: (id: number, file: File) => clientCall(TICKET_ATTACHMENTS.attachClient, { params: { id }, body: {}, files: [file] }),
  /** A file of a reply or public note on one of the company's tickets. */
  attachment: (ticketId: number, attachmentId: number) => clientCall(TICKET_ATTACHMENTS.client, { params: { id: ticketId, attachmentId }, query: {} }),
  /** The thumbnail of an image attached to one of the company's tickets. */
  thumbnail: (ticketId: number, attachmentId: number) => clientCall(TICKET_ATTACHMENTS.client, { params: { id: ticketId, attachmentId }, query: { variant: 'thumbnail' } }),
  supportInfo: () => clientCall(CLIENT_PORTAL.supportInfo),
  contactSupport: (input: ContactSupportRequest) => clientCall(CLIENT_PORTAL.contactSupport, { body: input }),
  async paperProducts() {
    return (await clientCall(CLIENT_PORTAL.paperProducts)).items;
  },
  paperOrders: () => clientCall(CLIENT_PORTAL.paperOrders, { query: {} }),
  orderPaper: (input: CreatePaperOrder) => clientCall(CLIENT_PORTAL.orderPaper, { body: input }),
  articles: (query: ArticleListQuery) => clientCall(CLIENT_PORTAL.articles, { query }),
  article: (id: number) => clientCall(CLIENT_PORTAL.article, { params: { id } }),
  scrs: () => clientCall(CLIENT_PORTAL.scrs, { query: {} }),
  createScr: (input: CreateScr) => clientCall(CLIENT_PORTAL.createScr, { body: input }),
  scrTimeline: (id: number) => clientCall(CHANGES.clientTimeline, { params: { id } }),
  scrAttachment: (scrId: number, attachmentId: number) => clientCall(CHANGES.clientAttachment, { params: { id: scrId, attachmentId }, query: {} }),
  /** The thumbnail of an image attached to one of the company's change requests. */
  scrThumbnail: (scrId: number, attachmentId: number) => clientCall(CHANGES.clientAttachment, { params: { id: scrId, attachmentId }, query: { variant: 'thumbnail' } }),
  /** Which ticket mail the signed-in client gets ("Email me when…", docs/adr/0201). */
  mailSettings: () => clientCall(CLIENT_MAIL.settings),
  updateMailSettings: (input: ClientMailSettings) => clientCall(CLIENT_MAIL.updateSettings, { body: input }),
};
