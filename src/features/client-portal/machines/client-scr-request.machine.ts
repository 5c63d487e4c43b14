/**
 * The "Request a change" form of the change requests screen (docs/adr/0107): the request being
 * written and its form are this machine's. Once a request is filed (the form says so, and the
 * notice names it), the company's requests load again with it and the form is empty for the next
 * one; a refused request keeps what was typed. Its own file (with the request's form), so the
 * machine registry loads no more of the client portal.
 */
import { assign, enqueueActions, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { CLIENT_PORTAL, type CreateScr, type Scr } from '@contracts/client-portal';
import { createSubmitMachine, submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { clientPortalApi } from '../api';

/** A change request, checked against the endpoint's body first. */
export const createScrMachine = createSubmitMachine('clientCreateScr', (v: CreateScr) => clientPortalApi.createScr(v), { schema: CLIENT_PORTAL.createScr.body });

/** A request as typed (the contract's fields, each one given). */
export type ScrDraft = Required<Pick<CreateScr, 'title' | 'description' | 'businessReason'>> & { priority: Scr['priority'] };
export const EMPTY_SCR: ScrDraft = { title: '', description: '', businessReason: '', priority: 'medium' };

export type ClientScrRequestContext = {
  /** The company's requests, told to load again once one is filed. */
  list: AnyActorRef;
  draft: ScrDraft;
};
export type ClientScrRequestEvent =
  | { type: 'request.change'; patch: Partial<ScrDraft> }
  /** A field left: its problems show beside it. */
  | { type: 'request.blur'; field: string }
  | { type: 'request.submit' }
  | { type: 'request.filed'; result: { id: number } }
  | ({ type: 'request.refused' } & SubmitFailure);

export const clientScrRequestMachine = setup({
  types: { context: {} as ClientScrRequestContext, events: {} as ClientScrRequestEvent, input: {} as { list: AnyActorRef } },
  actors: {
    form: submitChild(createScrMachine, { saved: 'request.filed', failed: 'request.refused' }),
  },
}).createMachine({
  id: 'client-scr-request',
  description: 'The change request form: the request is typed and submitted; once filed, the company’s requests load again and the form is empty for the next one.',
  context: ({ input }) => ({ list: input.list, draft: EMPTY_SCR }),
  entry: spawnChild('form', {
    id: 'form',
    systemId: 'client-scr-request.form',
    input: { notices: { saved: (r: { id: number }) => ({ title: `Change request #${r.id} was submitted`, description: 'Its status is in the list of requests.' }) } },
  }),
  on: {
    'request.change': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({ draft: { ...context.draft, ...event.patch } });
        for (const field of Object.keys(event.patch)) enqueue.sendTo('form', { type: 'form.change', field });
      }),
      description: 'A field changes; its message goes until it is checked again.',
    },
    'request.blur': {
      actions: sendTo('form', ({ context, event }) => ({ type: 'form.blur' as const, field: event.field, input: context.draft })),
      description: 'A field left: its own problems show beside it.',
    },
    'request.submit': {
      actions: sendTo('form', ({ context }) => ({ type: 'form.submit' as const, input: context.draft })),
      description: 'The request is sent (or its problems show beside their fields).',
    },
    'request.filed': {
      actions: [assign({ draft: EMPTY_SCR }), sendTo('form', { type: 'form.reset' }), sendTo(({ context }) => context.list, { type: 'query.reload' })],
      description: 'Filed (the form says so): the company’s requests load again with it, and the form is empty for the next request.',
    },
  },
});

export type ClientScrRequestActor = ActorRefFrom<typeof clientScrRequestMachine>;
type Snapshot = SnapshotFrom<typeof clientScrRequestMachine>;
export const selectScrDraft = (s: Snapshot) => s.context.draft;
export const selectScrForm = (s: Snapshot) => s.children.form as ActorRefFrom<typeof createScrMachine>;
