import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { HASH_SCROLL_OFFSET_PX } from '@contracts/common/constants';

/** How long a hash target may take to appear (a lazy screen loading) before we give up. */
const HASH_WAIT_FRAMES = 120;

/**
 * Scrolls smoothly to the element named by the hash, 80 px below the top; retries while it loads,
 * and while the page below it is still too short to bring it there (its data still coming).
 */
function scrollToHash(hash: string): () => void {
  let frames = 0;
  let handle = 0;
  const tryScroll = () => {
    const target = document.getElementById(hash);
    const top = target ? target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX : 0;
    const reachable = top <= document.documentElement.scrollHeight - window.innerHeight + 1;
    if (target && (reachable || frames >= HASH_WAIT_FRAMES)) {
      window.scrollTo({ top, behavior: 'smooth' });
    } else if (frames++ < HASH_WAIT_FRAMES) {
      handle = requestAnimationFrame(tryScroll);
    }
  };
  tryScroll();
  return () => cancelAnimationFrame(handle);
}

const currentHash = () => decodeURIComponent(window.location.hash.slice(1));

/**
 * Scroll on navigation (spec 2.1): to the top; smoothly to a hash anchor with an 80 px offset;
 * or back to the saved position on back/forward and on kept-alive screens.
 */
export function ScrollManager({ restore }: { restore: (path: string) => boolean }) {
  const [location] = useLocation();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location);
  const popped = useRef(false);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onPop = () => {
      popped.current = true;
    };
    const onScroll = () => positions.current.set(current.current, window.scrollY);
    // An in-page anchor changes only the hash: the browser's own jump has no offset, so redo it.
    const onHash = () => {
      const hash = currentHash();
      if (hash) scrollToHash(hash);
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location;
    const hash = currentHash();
    const wasPop = popped.current;
    popped.current = false;
    if (hash) return scrollToHash(hash);
    const saved = positions.current.get(location);
    if ((wasPop || restore(location)) && saved !== undefined) {
      // The screen may still be loading: wait a frame for its height.
      const handle = requestAnimationFrame(() => window.scrollTo(0, saved));
      return () => cancelAnimationFrame(handle);
    }
    window.scrollTo(0, 0);
    return undefined;
  }, [location, restore]);

  return null;
}
