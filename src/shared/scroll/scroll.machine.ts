import { assign, fromCallback, setup } from 'xstate';

/** How many animation frames a hash target may take to appear (a lazy screen loading) before the page gives up on it. */
export const HASH_WAIT_FRAMES = 120;
/** An anchor is settled once the page around it has not moved it for this long. */
export const ANCHOR_QUIET_MS = 1_000;
/** However busy the page, an anchor is held at most this long after a navigation. */
export const ANCHOR_SETTLE_MAX_MS = 10_000;

/**
 * One look at the page in an animation frame: where the page must scroll for the anchor to sit
 * its offset below the top (null while the anchor is not on the page), and how far it can scroll.
 */
export type PageSample = { top: number | null; max: number };

/** What the machine asks of the page (the browser's, or a test's). */
export type ScrollPort = {
  sample: (hash: string) => PageSample;
  scrollTo: (top: number, smooth: boolean) => void;
  /** Calls back on every animation frame until the returned function is called. */
  everyFrame: (callback: () => void) => () => void;
};

export type ScrollInput = { port: ScrollPort; waitFrames?: number };

export type ScrollEvent =
  | { type: 'location.changed'; path: string; hash: string; keepsScroll: boolean }
  | { type: 'history.popped' }
  | { type: 'hash.changed'; hash: string }
  | { type: 'page.scrolled'; y: number }
  | { type: 'user.scrolled' }
  | ({ type: 'frame.sampled' } & PageSample);

type ScrollContext = {
  port: ScrollPort;
  waitFrames: number;
  /** The path shown, and where each path was last scrolled to. */
  path: string;
  positions: Record<string, number>;
  /** The next location change comes from back or forward. */
  popped: boolean;
  hash: string;
  frames: number;
  /** Where the anchor was last aimed at, and how far the page could scroll then. */
  aimed: number;
  max: number;
};

type Sampled = Extract<ScrollEvent, { type: 'frame.sampled' }>;
const sampled = (event: ScrollEvent): Sampled | null => (event.type === 'frame.sampled' ? event : null);
/** Where a scroll to `top` lands on a page that scrolls at most `max`. */
const landing = (top: number, max: number) => Math.min(top, Math.max(0, max));

/**
 * Scrolling on navigation (spec 2.1). A new path starts at the top; back, forward and kept-alive
 * screens return to where they were left (a frame later, once the screen has its height); a hash
 * scrolls smoothly to its anchor, HASH_SCROLL_OFFSET_PX below the top, once the anchor is on the
 * page and the page is long enough to bring it there. Then the anchor is held while the page
 * settles: content arriving above it (or below a page too short) moves it, and the page follows,
 * until nothing has moved it for ANCHOR_QUIET_MS or the person scrolls themselves.
 */
export const scrollMachine = setup({
  types: { context: {} as ScrollContext, events: {} as ScrollEvent, input: {} as ScrollInput },
  delays: { QUIET: ANCHOR_QUIET_MS, SETTLE_MAX: ANCHOR_SETTLE_MAX_MS },
  actors: {
    frames: fromCallback<ScrollEvent, { port: ScrollPort; hash: string }>(({ sendBack, input }) =>
      input.port.everyFrame(() => sendBack({ type: 'frame.sampled', ...input.port.sample(input.hash) })),
    ),
  },
  guards: {
    hasHash: ({ event }) => (event.type === 'location.changed' || event.type === 'hash.changed') && event.hash !== '',
    returnsToSaved: ({ context, event }) => event.type === 'location.changed' && (context.popped || event.keepsScroll) && context.positions[event.path] !== undefined,
    waitedLongEnough: ({ context }) => context.frames + 1 >= context.waitFrames,
    /** The anchor is there, and the page can bring it to its place, or will not grow in time to. */
    canAim: ({ context, event }) => {
      const s = sampled(event);
      return s?.top != null && (s.top <= s.max + 1 || context.frames + 1 >= context.waitFrames);
    },
    moved: ({ context, event }) => {
      const s = sampled(event);
      return s !== null && s.top !== null && Math.abs(landing(s.top, s.max) - landing(context.aimed, context.max)) > 1;
    },
  },
  actions: {
    rememberPosition: assign(({ context, event }) => (event.type === 'page.scrolled' ? { positions: { ...context.positions, [context.path]: event.y } } : {})),
    markPopped: assign({ popped: true }),
    enterPath: assign(({ event }) => (event.type === 'location.changed' ? { path: event.path, popped: false } : {})),
    startAnchor: assign(({ event }) => (event.type === 'location.changed' || event.type === 'hash.changed' ? { hash: event.hash, frames: 0 } : {})),
    countFrame: assign(({ context }) => ({ frames: context.frames + 1 })),
    aim: assign(({ event }) => {
      const s = sampled(event);
      return s?.top == null ? {} : { aimed: s.top, max: s.max };
    }),
    scrollToAnchor: ({ context }) => context.port.scrollTo(context.aimed, true),
    toTop: ({ context }) => context.port.scrollTo(0, false),
    returnToSaved: ({ context }) => context.port.scrollTo(context.positions[context.path] ?? 0, false),
  },
}).createMachine({
  id: 'scroll',
  description: 'Scrolls on navigation: to the top, back to a saved position, or to an anchor held while the page settles.',
  context: ({ input }) => ({
    port: input.port,
    waitFrames: input.waitFrames ?? HASH_WAIT_FRAMES,
    path: '',
    positions: {},
    popped: false,
    hash: '',
    frames: 0,
    aimed: 0,
    max: 0,
  }),
  initial: 'idle',
  on: {
    'page.scrolled': { actions: 'rememberPosition', description: 'Every scroll is remembered for the path shown.' },
    'history.popped': { actions: 'markPopped', description: 'Back or forward: the next path returns to where it was left.' },
    'location.changed': [
      { guard: 'hasHash', target: '.anchoring', reenter: true, actions: ['enterPath', 'startAnchor'], description: 'A path with a hash: to its anchor.' },
      { guard: 'returnsToSaved', target: '.returning', reenter: true, actions: 'enterPath', description: 'Back, forward or a kept-alive screen seen before.' },
      { target: '.idle', actions: ['enterPath', 'toTop'], description: 'Any other path starts at the top.' },
    ],
    'hash.changed': { guard: 'hasHash', target: '.anchoring', reenter: true, actions: 'startAnchor', description: "An in-page anchor: the browser's jump has no offset, so it is redone." },
  },
  states: {
    idle: { description: 'Nothing to do until the next navigation.' },
    returning: {
      description: 'Waits a frame for the screen to have its height, then returns to the saved position.',
      invoke: { src: 'frames', input: ({ context }) => ({ port: context.port, hash: '' }) },
      on: { 'frame.sampled': { target: 'idle', actions: 'returnToSaved' } },
    },
    anchoring: {
      description: 'Brings the anchor to its place and holds it there while the page settles.',
      invoke: { src: 'frames', input: ({ context }) => ({ port: context.port, hash: context.hash }) },
      after: { SETTLE_MAX: { target: 'idle', description: 'A page that never settles is left where it is.' } },
      on: { 'user.scrolled': { target: 'idle', description: 'The person scrolls: the page is theirs.' } },
      initial: 'seeking',
      states: {
        seeking: {
          description: 'Each frame looks for the anchor and whether the page is long enough to bring it to its place.',
          on: {
            'frame.sampled': [
              { guard: 'canAim', target: 'settling', actions: ['aim', 'scrollToAnchor'], description: 'The anchor is there: to its place, or as near as a page still too short goes.' },
              { guard: 'waitedLongEnough', target: '#scroll.idle', description: 'No such anchor appeared.' },
              { actions: 'countFrame', description: 'Not yet: the next frame looks again.' },
            ],
          },
        },
        settling: {
          description: 'Follows the anchor when content arriving around it moves it.',
          after: { QUIET: { target: '#scroll.idle', description: 'Nothing moved it: settled.' } },
          on: {
            'frame.sampled': { guard: 'moved', target: 'settling', reenter: true, actions: ['aim', 'scrollToAnchor'], description: 'It moved: aim again and wait for quiet anew.' },
          },
        },
      },
    },
  },
});
