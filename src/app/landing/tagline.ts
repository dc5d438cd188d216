import { VISITOR_ID, VISITOR_STORAGE_KEY, abTestPaths, variantOf, type AbTestEvent, type TaglineVariant } from '#shared/domain/ab-test.ts';
import { apiUrl } from '#shared/api/api-prefix.ts';

/**
 * The landing page's tagline A/B test (decision 37): a random first-party visitor id kept
 * on the device (nothing personal), the variant fixed by it, and a view and a click sent with
 * sendBeacon (else a keepalive fetch) that never hold the page up. Kept tiny: the visitor's first
 * page carries it.
 */
let current: { id: string; variant: TaglineVariant } | null = null;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This device's visitor id and variant: read once (the head script makes and keeps it on a first visit). */
export function visitor(): { id: string; variant: TaglineVariant } {
  if (current) return current;
  let id: string | null = null;
  try {
    id = localStorage.getItem(VISITOR_STORAGE_KEY);
  } catch {
    /* storage blocked: a fresh id for this page */
  }
  if (!id || !VISITOR_ID.test(id)) {
    id = randomId();
    try {
      localStorage.setItem(VISITOR_STORAGE_KEY, id);
    } catch {
      /* not kept: the next visit may see another tagline */
    }
  }
  current = { id, variant: variantOf(id) };
  return current;
}

/** Sends a view or a click without waiting for it; a failure is dropped. */
export function record(event: AbTestEvent): void {
  const { id, variant } = visitor();
  const url = apiUrl(abTestPaths.event(event));
  const body = JSON.stringify({ visitorId: id, variant });
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    /* fall back to fetch */
  }
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => undefined);
}

/** The view goes once the page has loaded, so it never competes with the first paint. */
export function recordViewAfterLoad(): () => void {
  const send = () => record('view');
  if (document.readyState === 'complete') {
    const timer = setTimeout(send, 0);
    return () => clearTimeout(timer);
  }
  window.addEventListener('load', send, { once: true });
  return () => window.removeEventListener('load', send);
}
