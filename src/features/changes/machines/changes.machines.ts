/** Change requests: the server-mode list, one SCR's page, and the forms of its moves and comments. */
import { CHANGES, TRANSITION_MESSAGES, missingFields, scrNumber, type ChangeTemplate, type TemplateInput, type ReviewInput, type ChangeCalendar, type ChangeFeed, type ChangeFeedCreated, type ChangeView, type ScrStatus, type TransitionInput } from '@contracts/changes';
import { LIMITS } from '@contracts/common/constants';
import { assign, enqueueActions, fromPromise, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Attachment } from '@contracts/common/attachments';
import { fileDownloadMachine } from '@/shared/machines/file-download.machine';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { objectUrlsOf, thumbnailsMachine } from '@/shared/machines/thumbnails.machine';
import { createSubmitMachine, submitChild, type FormSchema, type SubmitFailure } from '@/shared/machines/submit.machine';
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

/** The standard change templates, live ones first. */
export const templatesQueryMachine = createQueryMachine('changeTemplates', (): Promise<ChangeTemplate[]> => changesApi.templates());
export type TemplatesQueryActor = ActorRefFrom<typeof templatesQueryMachine>;
/** A template saved: a new one (no id) or a live one as it was read (its version). */
export type TemplateSubmission = { id: number | null; version: number; input: TemplateInput };
const templateSchema: FormSchema = { safeParse: (value) => CHANGES.addTemplate.body.safeParse((value as TemplateSubmission).input) };
export const saveTemplateMachine = createSubmitMachine<TemplateSubmission, ChangeTemplate>(
  'changeTemplateSave',
  (t) => (t.id === null ? changesApi.addTemplate(t.input) : changesApi.updateTemplate(t.id, { ...t.input, version: t.version })),
  { schema: templateSchema },
);
export const retireTemplateMachine = createSubmitMachine<{ id: number; version: number }, ChangeTemplate>('changeTemplateRetire', (t) => changesApi.retireTemplate(t.id, t.version));
/** A change request staff raise for a company, from a template or not; checked by the endpoint's schema first. */
export type NewScrInput = Parameters<typeof changesApi.create>[0];
const newScrSchema: FormSchema = { safeParse: (value) => CHANGES.create.body.safeParse(value) };
export const newScrMachine = createSubmitMachine<NewScrInput, { id: number }>('scrCreate', (input) => changesApi.create(input), { schema: newScrSchema });

/**
 * The standard change templates (the list page's Templates view) and the "New change request"
 * dialog. Managers and admins open a template's dialog (a new one, or a live one to change) and
 * retire a template; each save loads the list again. Anyone on staff raises a change request for a
 * company, from a template or not; once raised, its page is where the screen goes next.
 */
export type ChangeTemplatesContext = {
  /** Whether the templates were shown yet (they load then, once, and again after each save). */
  shown: boolean;
  /** The template whose dialog is open (null: a new one). */
  editing: ChangeTemplate | null;
  /** The change request just raised: the screen goes to its page. */
  created: number | null;
};
export type ChangeTemplatesEvent =
  | { type: 'templates.show' }
  | { type: 'template.new' }
  | { type: 'template.edit'; template: ChangeTemplate }
  | { type: 'template.close' }
  | { type: 'template.saved'; result: ChangeTemplate }
  | ({ type: 'template.refused' } & SubmitFailure)
  | { type: 'template.retire'; template: ChangeTemplate }
  | { type: 'template.retired'; result: ChangeTemplate }
  | ({ type: 'retire.refused' } & SubmitFailure)
  | { type: 'scr.new' }
  | { type: 'scr.close' }
  | { type: 'scr.created'; result: { id: number } }
  | ({ type: 'scr.refused' } & SubmitFailure);

export const changeTemplatesMachine = setup({
  types: { context: {} as ChangeTemplatesContext, events: {} as ChangeTemplatesEvent, input: {} as { templates: boolean } },
  actors: {
    templates: templatesQueryMachine,
    saveForm: submitChild(saveTemplateMachine, { saved: 'template.saved', failed: 'template.refused' }),
    retireForm: submitChild(retireTemplateMachine, { saved: 'template.retired', failed: 'retire.refused' }),
    newScrForm: submitChild(newScrMachine, { saved: 'scr.created', failed: 'scr.refused' }),
  },
  actions: {
    /** The templates load once they are first shown (the Templates view, or the new change request dialog), and again after each save. */
    loadTemplates: enqueueActions(({ context, enqueue }) => {
      if (context.shown) enqueue.sendTo('templates', { type: 'query.reload' });
      else {
        enqueue.spawnChild('templates', { id: 'templates', input: {} });
        enqueue.assign({ shown: true });
      }
    }),
    reloadTemplates: enqueueActions(({ context, enqueue }) => {
      if (context.shown) enqueue.sendTo('templates', { type: 'query.reload' });
    }),
  },
}).createMachine({
  id: 'change-templates',
  description: 'Standard change templates: a dialog to add or change one, retiring one, and raising a change request from one.',
  context: ({ input }) => ({ shown: input.templates, editing: null, created: null }),
  entry: [
    enqueueActions(({ context, enqueue }) => {
      // Opened on the Templates view: they load at once.
      if (context.shown) enqueue.spawnChild('templates', { id: 'templates', input: {} });
    }),
    spawnChild('saveForm', { id: 'saveForm', input: { notices: { saved: (t: ChangeTemplate, sent: TemplateSubmission) => (sent.id === null ? `Template “${t.name}” added` : `Template “${t.name}” saved`), failed: 'The template was not saved' } } }),
    spawnChild('retireForm', { id: 'retireForm', input: { notices: { saved: (t: ChangeTemplate) => `Template “${t.name}” retired`, failed: 'The template was not retired' } } }),
    spawnChild('newScrForm', { id: 'newScrForm', input: { notices: { saved: (r: { id: number }) => `${scrNumber(r.id)} raised`, failed: 'The change request was not raised' } } }),
  ],
  initial: 'viewing',
  on: {
    'templates.show': { actions: 'loadTemplates', description: 'The Templates view is shown: the templates load (again).' },
    'template.retire': {
      actions: sendTo('retireForm', ({ event }) => ({ type: 'form.submit' as const, input: { id: event.template.id, version: event.template.version } })),
      description: 'A live template is retired (as it was read): kept for its SCRs, offered for no new one.',
    },
    'template.retired': { actions: 'reloadTemplates', description: 'Retired: the list loads again.' },
    'retire.refused': { actions: 'reloadTemplates', description: 'Refused (changed or retired elsewhere): the list loads again.' },
  },
  states: {
    viewing: {
      description: 'The templates; managers and admins may add, change and retire them.',
      on: {
        'template.new': { target: 'editing', actions: [assign({ editing: null }), sendTo('saveForm', { type: 'form.reset' })], description: 'A new template’s dialog opens, empty.' },
        'template.edit': { target: 'editing', actions: [assign({ editing: ({ event }) => event.template }), sendTo('saveForm', { type: 'form.reset' })], description: 'A live template’s dialog opens with what it holds.' },
        'scr.new': { target: 'raising', actions: [sendTo('newScrForm', { type: 'form.reset' }), 'loadTemplates'], description: 'The new change request dialog opens, fresh, with the live templates to pick from.' },
      },
    },
    editing: {
      description: 'A template’s dialog is open; what is typed stays through a refused save.',
      on: {
        'template.close': { target: 'viewing', description: 'The dialog closes without saving.' },
        'template.saved': { target: 'viewing', actions: 'reloadTemplates', description: 'Saved: the dialog closes and the list loads again.' },
        'template.refused': {
          guard: ({ event }) => Object.keys(event.fieldErrors).length === 0,
          actions: 'reloadTemplates',
          description: 'Refused for no field (changed or retired since it was read): the dialog says why and the list loads again.',
        },
      },
    },
    raising: {
      description: 'The new change request dialog is open; picking a template fills its title and description.',
      on: {
        'scr.close': { target: 'viewing', description: 'The dialog closes without raising a request.' },
        'scr.created': { target: 'raised', actions: assign({ created: ({ event }) => event.result.id }), description: 'Raised: the screen goes to its page.' },
      },
    },
    raised: { description: 'A change request was raised; the screen shows its page.' },
  },
});

export type ChangeTemplatesActor = ActorRefFrom<typeof changeTemplatesMachine>;
type Snapshot = SnapshotFrom<typeof changeTemplatesMachine>;
export const selectSaveForm = (s: Snapshot) => s.children.saveForm as ActorRefFrom<typeof saveTemplateMachine>;
export const selectNewScrForm = (s: Snapshot) => s.children.newScrForm as ActorRefFrom<typeof newScrMachine>;
export const selectEditing = (s: Snapshot) => (s.matches('editing') ? { template: s.context.editing } : null);
export const selectCreated = (s: Snapshot) => s.context.created;
export const selectTemplates = (s: Snapshot) => s.children.templates as TemplatesQueryActor | undefined;
