import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a link target is waited for, and kept in place while the page around it settles. */
const HASH_WAIT_MS = 5000;
/** Space between the sticky header and the target's top, px. */
const GAP = 16;

/** Where sticky bars at the top (the site's header, marked data-sticky-top) end, px from the top of the window. */
function stickyTop(): number {
  let bottom = 0;
  for (const bar of document.querySelectorAll('[data-sticky-top]')) {
    bottom = Math.max(bottom, bar.getBoundingClientRect().bottom);
  }
  return bottom;
}

/** Puts the target's top just below the sticky header, whatever the header's height on this screen. */
function scrollToTarget(target: Element) {
  const top = target.getBoundingClientRect().top + window.scrollY - stickyTop() - GAP;
  window.scrollTo({ top: Math.max(0, top), left: 0 });
}

/**
 * Every navigation scrolls to the top; a URL hash scrolls to the element with that id instead,
 * waiting for it to appear when the page renders it after loading its data (docs/product.md §1). The
 * target then stays in place while the page settles — pictures and blocks above it arrive and
 * push it down, blocks below it arrive and make room to scroll that far — until the viewer scrolls,
 * touches, clicks or types, or HASH_WAIT_MS have passed.
 */
export function useScrollOnNavigate() {
  const { pathname, search, hash, key, state } = useLocation();
  const keepScroll = (state as { keepScroll?: boolean } | null)?.keepScroll === true;
  useEffect(() => {
    // Opening a popover through the address is not a new page.
    if (keepScroll) return;
    const id = decodeURIComponent(hash.slice(1));
    if (!id) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    let target: Element | null = null;
    const find = () => {
      target ??= document.getElementById(id);
      if (target) scrollToTarget(target);
      return target !== null;
    };
    const appearing = new MutationObserver(() => {
      if (find()) appearing.disconnect();
    });
    const settling = new ResizeObserver(() => find());
    const viewerActs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    const release = () => {
      appearing.disconnect();
      settling.disconnect();
      viewerActs.forEach((type) => window.removeEventListener(type, release));
      window.clearTimeout(timer);
    };
    if (!find()) appearing.observe(document.body, { childList: true, subtree: true });
    settling.observe(document.body);
    viewerActs.forEach((type) => window.addEventListener(type, release, { passive: true }));
    const timer = window.setTimeout(release, HASH_WAIT_MS);
    return release;
  }, [pathname, search, hash, key, keepScroll]);
}
