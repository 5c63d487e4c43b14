import { CHANGES, type ChangeListQuery, type ReviewInput, type TemplateInput, type TransitionInput, type staffCreateSchema } from '@contracts/changes';
import type { z } from '@contracts/common/zod';
import { call } from '@/shared/http/http';

/** The data table's sort fields, by the list endpoint's sort keys. */
const SORT_KEYS: Record<string, ChangeListQuery['sort']> = {
  id: 'id',
  company: 'company',
  title: 'title',
  priority: 'priority',
  status: 'status',
  risk_score: 'risk',
  owner: 'owner',
  target_date: 'target_date',
  created_at: 'age',
};

/** The search table's parameters (page, size, "field:dir" sort, q, filters) as the list endpoint's query. */
export function listQueryOf(params: Record<string, string>): ChangeListQuery {
  const [field, dir] = (params.sort ?? '').split(',')[0]!.split(':');
  const sort = field ? SORT_KEYS[field] : undefined;
  return {
    page: Number(params.page ?? 1),
    ...(params.size ? { pageSize: Number(params.size) } : {}),
    ...(sort ? { sort, dir: dir === 'asc' ? 'asc' : 'desc' } : {}),
    ...(params.q ? { q: params.q } : {}),
    ...(params.status ? { status: params.status as ChangeListQuery['status'] } : {}),
    ...(params.priority ? { priority: params.priority as ChangeListQuery['priority'] } : {}),
    ...(params.needsReview === 'true' ? { needsReview: 'true' as const } : {}),
  };
}

/** Software change requests for staff: the list, one with its history and comments, its moves, comments and files. */
export const changesApi = {
  search: async (params: Record<string, string>) => {
    const page = await call(CHANGES.list, { query: listQueryOf(params) });
    return { rows: page.items, total: page.total, totalExact: true };
  },
  calendar: (from: string | null) => call(CHANGES.calendar, { query: from ? { from } : {} }),
  feeds: () => call(CHANGES.feeds, {}),
  addFeed: () => call(CHANGES.addFeed, { body: {} }),
  revokeFeed: (id: number) => call(CHANGES.revokeFeed, { params: { id } }),
  view: (id: number) => call(CHANGES.view, { params: { id } }),
  create: (input: z.input<typeof staffCreateSchema>) => call(CHANGES.create, { body: input }),
  templates: () => call(CHANGES.templates, {}),
  addTemplate: (input: TemplateInput) => call(CHANGES.addTemplate, { body: input }),
  updateTemplate: (id: number, input: TemplateInput & { version: number }) => call(CHANGES.updateTemplate, { params: { id }, body: input }),
  retireTemplate: (id: number, version: number) => call(CHANGES.retireTemplate, { params: { id }, body: { version } }),
  move: (id: number, input: TransitionInput) => call(CHANGES.transition, { params: { id }, body: input }),
  review: (id: number, input: ReviewInput) => call(CHANGES.review, { params: { id }, body: input }),
  comment: (id: number, input: { body: string; clientVisible: boolean }) => call(CHANGES.comment, { params: { id }, body: input }),
  attach: (id: number, files: readonly File[]) => call(CHANGES.attach, { params: { id }, body: {}, files }),
  attachment: (id: number, attachmentId: number) => call(CHANGES.attachment, { params: { id, attachmentId }, query: {} }),
  thumbnail: (id: number, attachmentId: number) => call(CHANGES.attachment, { params: { id, attachmentId }, query: { variant: 'thumbnail' } }),
};
