import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ANCHOR_QUIET_MS, ANCHOR_SETTLE_MAX_MS, scrollMachine, type PageSample, type ScrollPort } from '@/shared/scroll/scroll.machine';

/** A page the test lays out: where the anchor is, how far the page scrolls, and frames run by hand. */
function fakePage() {
  let layout: PageSample = { top: null, max: 0 };
  const frameCallbacks = new Set<() => void>();
  const scrolls: Array<{ top: number; smooth: boolean }> = [];
  const port: ScrollPort = {
    sample: () => layout,
    scrollTo: (top, smooth) => scrolls.push({ top, smooth }),
    everyFrame: (callback) => {
      frameCallbacks.add(callback);
      return () => frameCallbacks.delete(callback);
    },
  };
  return {
    port,
    scrolls,
    lay: (next: PageSample) => (layout = next),
    frame: () => [...frameCallbacks].forEach((cb) => cb()),
    watching: () => frameCallbacks.size,
  };
}

function start(page = fakePage(), waitFrames = 5) {
  const actor = createActor(scrollMachine, { input: { port: page.port, waitFrames } });
  actor.start();
  return { actor, page };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scroll on navigation', () => {
  it('a new path starts at the top, at once', () => {
    const { actor, page } = start();
    actor.send({ type: 'location.changed', path: '/home', hash: '', keepsScroll: false });
    expect(page.scrolls).toEqual([{ top: 0, smooth: false }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('back returns to where the path was left, a frame later; a link to it starts at the top', () => {
    const { actor, page } = start();
    actor.send({ type: 'location.changed', path: '/ticket/7', hash: '', keepsScroll: false });
    actor.send({ type: 'page.scrolled', y: 250 });
    actor.send({ type: 'location.changed', path: '/home', hash: '', keepsScroll: false });
    actor.send({ type: 'history.popped' });
    actor.send({ type: 'location.changed', path: '/ticket/7', hash: '', keepsScroll: false });
    expect(page.scrolls.at(-1)).toEqual({ top: 0, smooth: false });
    page.frame();
    expect(page.scrolls.at(-1)).toEqual({ top: 250, smooth: false });
    // The same path by a link (no back): the top.
    actor.send({ type: 'location.changed', path: '/home', hash: '', keepsScroll: false });
    actor.send({ type: 'location.changed', path: '/ticket/7', hash: '', keepsScroll: false });
    expect(page.scrolls.at(-1)).toEqual({ top: 0, smooth: false });
    expect(page.watching()).toBe(0);
  });

  it('a kept-alive screen returns to its position without back', () => {
    const { actor, page } = start();
    actor.send({ type: 'location.changed', path: '/ticket/7', hash: '', keepsScroll: true });
    actor.send({ type: 'page.scrolled', y: 90 });
    actor.send({ type: 'location.changed', path: '/home', hash: '', keepsScroll: false });
    actor.send({ type: 'location.changed', path: '/ticket/7', hash: '', keepsScroll: true });
    page.frame();
    expect(page.scrolls.at(-1)).toEqual({ top: 90, smooth: false });
  });
});

describe('an anchor', () => {
  it('waits for its target and a page long enough, then scrolls smoothly to it', () => {
    const { actor, page } = start();
    actor.send({ type: 'location.changed', path: '/home', hash: 'my-tickets-title', keepsScroll: false });
    page.frame();
    page.lay({ top: 600, max: 300 });
    page.frame();
    expect(page.scrolls).toEqual([]);
    page.lay({ top: 600, max: 900 });
    page.frame();
    expect(page.scrolls).toEqual([{ top: 600, smooth: true }]);
  });

  it('follows its target when content arriving above moves it, until the page is quiet', () => {
    const { actor, page } = start();
    page.lay({ top: 400, max: 2000 });
    actor.send({ type: 'location.changed', path: '/home', hash: 'my-tickets-title', keepsScroll: false });
    page.frame();
    expect(page.scrolls).toEqual([{ top: 400, smooth: true }]);
    // A card above it arrives: the anchor is 23 px lower on the page.
    vi.advanceTimersByTime(ANCHOR_QUIET_MS - 100);
    page.lay({ top: 423, max: 2023 });
    page.frame();
    expect(page.scrolls.at(-1)).toEqual({ top: 423, smooth: true });
    // The quiet time starts again from that move.
    vi.advanceTimersByTime(ANCHOR_QUIET_MS - 100);
    expect(actor.getSnapshot().matches({ anchoring: 'settling' })).toBe(true);
    vi.advanceTimersByTime(100);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(page.watching()).toBe(0);
    // Once settled, the page no longer follows it.
    page.lay({ top: 500, max: 2100 });
    page.frame();
    expect(page.scrolls).toHaveLength(2);
  });

  it('on a page too short, goes as near as it can, and on when the page grows', () => {
    const { actor, page } = start(fakePage(), 3);
    page.lay({ top: 800, max: 500 });
    actor.send({ type: 'location.changed', path: '/home', hash: 'kudos', keepsScroll: false });
    page.frame();
    page.frame();
    expect(page.scrolls).toEqual([]);
    page.frame();
    expect(page.scrolls).toEqual([{ top: 800, smooth: true }]);
    page.lay({ top: 800, max: 1200 });
    page.frame();
    expect(page.scrolls).toEqual([
      { top: 800, smooth: true },
      { top: 800, smooth: true },
    ]);
  });

  it('stops following once the person scrolls', () => {
    const { actor, page } = start();
    page.lay({ top: 400, max: 2000 });
    actor.send({ type: 'location.changed', path: '/home', hash: 'my-tickets-title', keepsScroll: false });
    page.frame();
    actor.send({ type: 'user.scrolled' });
    page.lay({ top: 460, max: 2060 });
    page.frame();
    expect(page.scrolls).toEqual([{ top: 400, smooth: true }]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('gives up on a target that never appears, and holds one at most ANCHOR_SETTLE_MAX_MS', () => {
    const { actor, page } = start(fakePage(), 3);
    actor.send({ type: 'location.changed', path: '/home', hash: 'nowhere', keepsScroll: false });
    page.frame();
    page.frame();
    page.frame();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(page.scrolls).toEqual([]);

    // A page that keeps moving its anchor is let go after the longest hold.
    page.lay({ top: 100, max: 5000 });
    actor.send({ type: 'hash.changed', hash: 'moving' });
    let top = 100;
    for (let t = 0; t < ANCHOR_SETTLE_MAX_MS; t += 500) {
      page.frame();
      vi.advanceTimersByTime(500);
      page.lay({ top: (top += 10), max: 5000 });
    }
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('an in-page anchor redoes the jump with the offset; an empty hash does nothing', () => {
    const { actor, page } = start();
    actor.send({ type: 'location.changed', path: '/home', hash: '', keepsScroll: false });
    actor.send({ type: 'hash.changed', hash: '' });
    expect(actor.getSnapshot().value).toBe('idle');
    page.lay({ top: 300, max: 1000 });
    actor.send({ type: 'hash.changed', hash: 'my-tickets-title' });
    page.frame();
    expect(page.scrolls.at(-1)).toEqual({ top: 300, smooth: true });
  });
});
