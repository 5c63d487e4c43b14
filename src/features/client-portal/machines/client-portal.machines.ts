import {
  CLIENT_TICKET_SORTS,
  type ArticleListQuery,
  type ClientTicketListQuery,
  type ContactSupportRequest,
  type CreateClientTicket,
} from '@contracts/client-portal';
import { CLIENT_TICKETS } from '@contracts/client-tickets';
import { z } from '@contracts/common/zod';
import { LIMITS, ROWS_PER_PAGE_ALL } from '@contracts/common/constants';
import { clientPortalApi } from '../api';
import { createServerTableMachine, type Row } from '@/shared/machines/table/table.machine';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { attachEach } from '@/shared/machines/attach-each';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { fileDownloadMachine } from '@/shared/machines/file-download.machine';
import { fileListMachine } from '@/shared/machines/file-list.machine';
import { objectUrlsOf, thumbnailsMachine } from '@/shared/machines/thumbnails.machine';
import { fromPromise } from 'xstate';

/**
 * The client portal's screens, each a query or a submit machine over one service call (the public
 * forms: guest.machines.ts; the reply box and the paper and change request forms: their screen
 * machines' files).
 */
export { dashboardMachine, paperOrdersMachine } from './dashboard.machines';
export const ticketDetailMachine = createQueryMachine('clientTicket', (id: number) => clientPortalApi.ticket(id));
/** A new ticket carries the files chosen for it: sent one by one once it exists; the refused ones are named. */
export const createTicketMachine = createSubmitMachine(
  'clientCreateTicket',
  async ({ files = [], ...input }: CreateClientTicket & { files?: readonly File[] }) => {
    const { id } = await clientPortalApi.createTicket(input);
    return { id, refused: await attachEach(files, (file) => clientPortalApi.attachToTicket(id, file)) };
  },
  // The files were checked by the file list; the schema checks the ticket's fields (it takes no other key).
  { schema: CLIENT_TICKETS.create.body.extend({ files: z.array(z.custom<File>()).optional() }) },
);
/** The files chosen for a new ticket. */
export const newTicketFilesMachine = fileListMachine;
/** Downloads of a ticket's files with the client session, and its images opened in the viewer. */
export const clientDownloadMachine = fileDownloadMachine.provide({ actors: { fetch: fromPromise(({ input }) => clientPortalApi.attachment(input.recordId, input.id)) } });
/** Thumbnails of a ticket's images with the client session. */
export const clientThumbnailsMachine = thumbnailsMachine.provide({
  actors: { fetchAll: fromPromise(({ input }) => objectUrlsOf(input, (file) => clientPortalApi.thumbnail(file.recordId, file.id))) },
});

export const supportInfoMachine = createQueryMachine('clientSupportInfo', () => clientPortalApi.supportInfo());
export const contactSupportMachine = createSubmitMachine('clientContactSupport', (v: ContactSupportRequest) => clientPortalApi.contactSupport(v));

export const paperProductsMachine = createQueryMachine('clientPaperProducts', () => clientPortalApi.paperProducts());

export const articlesMachine = createQueryMachine('clientArticles', (q: ArticleListQuery) => clientPortalApi.articles(q));
export const articleMachine = createQueryMachine('clientArticle', (id: number) => clientPortalApi.article(id));

export const scrListMachine = createQueryMachine('clientScrs', () => clientPortalApi.scrs());

/**
 * The company's tickets in the shared data table, server mode: the table's query becomes the
 * client tickets call (first sort key, the status filter, the search text); 'All' asks for the
 * largest page the server allows.
 */
export const clientTicketTableMachine = createServerTableMachine(async (query: TableQuery) => {
  const sort = query.sort[0];
  const status = query.filters.status;
  const page = await clientPortalApi.tickets({
    page: query.pageSize === ROWS_PER_PAGE_ALL ? 1 : query.page,
    pageSize: query.pageSize === ROWS_PER_PAGE_ALL ? LIMITS.pageSizeMax : query.pageSize,
    sort: sort && (CLIENT_TICKET_SORTS as readonly string[]).includes(sort.field) ? (sort.field as ClientTicketListQuery['sort']) : 'created_at',
    dir: sort ? sort.type : 'desc',
    status: status === 'open' || status === 'closed' ? status : 'all',
    ...(query.search ? { q: query.search } : {}),
  });
  return { rows: page.items as unknown as Row[], total: page.total };
});
