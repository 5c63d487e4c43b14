/** Change requests: the server-mode list, one SCR's page, and the forms of its moves and comments. */
import { CHANGES, TRANSITION_MESSAGES, missingFields, type ReviewInput, type ChangeCalendar, type ChangeFeed, type ChangeFeedCreated, type ChangeView, type ScrStatus, type TransitionInput } from '@contracts/changes';
import { LIMITS } from '@contracts/common/constants';
import { fromPromise } from 'xstate';
import type { Attachment } from '@contracts/common/attachments';
import { fileDownloadMachine } from '@/shared/machines/file-download.machine';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { objectUrlsOf, thumbnailsMachine } from '@/shared/machines/thumbnails.machine';
import { createSubmitMachine, type FormSchema } from '@/shared/machines/submit.machine';
import { createSearchTableMachine, type SearchTableSpec } from '@/shared/machines/table/search-table';
import { changesApi } from '../api';

/** Every change request: search by title or company; status and priority filters; sorted on the server. */
export const CHANGE_TABLE: SearchTableSpec = {
  search: (p) => changesApi.search(p),
  filters: { status: 'status', priority: 'priority', needs_review: 'needsReview' },
  pageSizeMax: LIMITS.pageSizeMax,
};
export const changeTableMachine = createSearchTableMachine(CHANGE_TABLE);

/** One SCR with its history, comments, links and the stages it may move to. */
export const changeViewMachine = createQueryMachine('changeView', (id: number): Promise<ChangeView> => changesApi.view(id));

/** A move: the SCR, the stage it is at (for the fields the chart asks), and what is sent. */
export type MoveSubmission = { id: number; from: ScrStatus; input: TransitionInput };

/**
 * What a move checks before it sends: the endpoint's body schema, then the fields the chart asks of
 * this move (the server's own rule, `missingFields`), each named in the server's words.
 */
export const moveSchema: FormSchema = {
  safeParse: (value) => {
    const { from, input } = value as MoveSubmission;
    const parsed = CHANGES.transition.body.safeParse(input);
    const issues = parsed.success ? [] : [...parsed.error.issues];
    for (const field of missingFields(from, input.to, input as Record<string, unknown>)) {
      if (!issues.some((i) => i.path[0] === field)) issues.push({ path: [field], message: TRANSITION_MESSAGES[field] } as (typeof issues)[number]);
    }
    return issues.length ? { success: false, error: { issues } } : { success: true };
  },
};
export const moveMachine = createSubmitMachine<MoveSubmission, ChangeView>('scrMove', (m) => changesApi.move(m.id, m.input), { schema: moveSchema });

/** The after-the-fact review of an emergency change: its notes, checked by the endpoint's schema first. */
export type ReviewSubmission = { id: number; input: ReviewInput };
const reviewSchema: FormSchema = { safeParse: (value) => CHANGES.review.body.safeParse((value as ReviewSubmission).input) };
export const reviewMachine = createSubmitMachine<ReviewSubmission, ChangeView>('scrReview', (r) => changesApi.review(r.id, r.input), { schema: reviewSchema });

export type CommentSubmission = { id: number; input: { body: string; clientVisible: boolean } };
const commentSchema: FormSchema = { safeParse: (value) => CHANGES.comment.body.safeParse((value as CommentSubmission).input) };
export const commentMachine = createSubmitMachine<CommentSubmission, { id: number }>('scrComment', (c) => changesApi.comment(c.id, c.input), { schema: commentSchema });

/** Files sent to an SCR (the server checks each by its bytes and names a refused one). */
export type AttachSubmission = { id: number; files: readonly File[] };
export const attachMachine = createSubmitMachine<AttachSubmission, { attachments: Attachment[] }>('scrAttach', (a) => changesApi.attach(a.id, a.files));
/** Downloads of an SCR's files, and an image opened in the viewer. */
export const scrDownloadsMachine = fileDownloadMachine.provide({ actors: { fetch: fromPromise(({ input }) => changesApi.attachment(input.recordId, input.id)) } });
/** Thumbnails of an SCR's images. */
export const scrThumbnailsMachine = thumbnailsMachine.provide({
  actors: { fetchAll: fromPromise(({ input }) => objectUrlsOf(input, (file) => changesApi.thumbnail(file.recordId, file.id))) },
});

/** The change calendar's weeks, from the week holding the day asked (this week when none). */
export const changeCalendarQueryMachine = createQueryMachine('changeCalendarWeeks', (from: string | null): Promise<ChangeCalendar> => changesApi.calendar(from));
/** My calendar feeds of planned releases. */
export const changeFeedsMachine = createQueryMachine('changeFeeds', (): Promise<ChangeFeed[]> => changesApi.feeds());
export const addFeedMachine = createSubmitMachine<Record<string, never>, ChangeFeedCreated>('changeFeedAdd', () => changesApi.addFeed());
export const revokeFeedMachine = createSubmitMachine<{ id: number }, void>('changeFeedRevoke', (f) => changesApi.revokeFeed(f.id));
