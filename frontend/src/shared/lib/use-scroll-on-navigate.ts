import { useEffect } from 'react';
import { useLocation } from 'react-router';

const HASH_WAIT_MS = 5000;

/**
 * Every navigation scrolls to the top; a URL hash scrolls to the element with that id instead,
 * waiting for it to appear when the page renders it after loading its data (SPEC section 1).
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
    const scrollToTarget = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (scrollToTarget()) return;
    const observer = new MutationObserver(() => {
      if (scrollToTarget()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HASH_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, search, hash, key, keepScroll]);
}
