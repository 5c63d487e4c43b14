import { useEffect, useLayoutEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { useLocation } from 'wouter';
import { scrollMachine } from '@/shared/scroll/scroll.machine';
import { browserScroll } from '@/shared/scroll/browser-scroll';
import { inspection } from '@/shared/inspection';

const currentHash = () => decodeURIComponent(window.location.hash.slice(1));
/** Keys that scroll the page: pressed, the page is the person's, not the anchor's. */
const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'ArrowUp', 'ArrowDown', 'Home', 'End', ' ']);

/**
 * Scroll on navigation (spec 2.1), as the scroll machine decides: this view only tells it what the
 * browser does (locations, back and forward, scrolls, the person's own scrolling).
 */
export function ScrollManager({ restore }: { restore: (path: string) => boolean }) {
  const [location] = useLocation();
  const scroll = useActorRef(scrollMachine, { input: { port: browserScroll }, inspect: inspection.inspect });

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onPop = () => scroll.send({ type: 'history.popped' });
    const onScroll = () => scroll.send({ type: 'page.scrolled', y: window.scrollY });
    const onHash = () => scroll.send({ type: 'hash.changed', hash: currentHash() });
    const onUser = () => scroll.send({ type: 'user.scrolled' });
    const onKey = (e: KeyboardEvent) => {
      if (SCROLL_KEYS.has(e.key)) onUser();
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHash);
    window.addEventListener('wheel', onUser, { passive: true });
    window.addEventListener('touchmove', onUser, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('wheel', onUser);
      window.removeEventListener('touchmove', onUser);
      window.removeEventListener('keydown', onKey);
    };
  }, [scroll]);

  useLayoutEffect(() => {
    scroll.send({ type: 'location.changed', path: location, hash: currentHash(), keepsScroll: restore(location) });
  }, [scroll, location, restore]);

  return null;
}
