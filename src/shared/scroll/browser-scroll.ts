import { HASH_SCROLL_OFFSET_PX } from '@contracts/common/constants';
import type { ScrollPort } from './scroll.machine';

/** The scroll machine's page: the browser window, its anchors with the spec's offset, and its animation frames. */
export const browserScroll: ScrollPort = {
  sample(hash) {
    const target = hash ? document.getElementById(hash) : null;
    return {
      top: target ? target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX : null,
      max: document.documentElement.scrollHeight - window.innerHeight,
    };
  },
  scrollTo: (top, smooth) => window.scrollTo({ top, behavior: smooth ? 'smooth' : 'instant' }),
  everyFrame(callback) {
    let handle = 0;
    const tick = () => {
      callback();
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  },
};
