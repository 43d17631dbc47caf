import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'ys-scroll-positions';

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

// The page load's own kind: a page opened anew ('navigate') is placed by the browser, while a reload
// or Back/Forward into it returns to the saved place.
function loadRestores(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav?.type === 'reload' || nav?.type === 'back_forward';
}

// What React Router's <ScrollRestoration> does for a data router, for the declarative router we use
// (docs/decisions/028): a new page starts at the top (or at its #hash), Back and Forward return to
// where the reader was, and a reload keeps the position (kept per history entry in sessionStorage).
// Every page loaded from the address bar starts as the entry 'default', so that entry is kept by
// its address, and only a reload or Back/Forward of the page load itself restores it.
export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const entry = location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
  const current = useRef(entry);
  const first = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    positions.current ??= readSaved();
    const remember = () => {
      if (positions.current) positions.current[current.current] = window.scrollY;
    };
    const persist = () => {
      remember();
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // storage blocked: positions last for this page only
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSaved();
    current.current = entry;
    const isFirst = first.current;
    first.current = false;
    const saved = type === 'POP' && (!isFirst || loadRestores()) ? positions.current[entry] : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // On the first load the browser has already placed the page.
    if (!isFirst) window.scrollTo(0, 0);
  }, [entry, location.hash, type]);

  return null;
}
