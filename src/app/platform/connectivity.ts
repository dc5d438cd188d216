import { create } from 'zustand';
import { HEALTH_PATH, apiUrl } from '#shared/api/api-prefix.ts';

/**
 * Whether the app can reach its server. The browser's own flag (navigator.onLine) is not enough:
 * a phone on a dead cell or a server that is down still reads "online". So every API answer marks
 * the server reachable and every network failure unreachable (http.ts reports both); while it is
 * unreachable the health check is asked again every PROBE_MS (and at once when the browser says
 * it is back online or the app comes to the front), and its first answer brings the app back.
 */
export const PROBE_MS = 15_000;

type Connectivity = {
  /** The browser has a network and the server answered last time it was asked. */
  online: boolean;
};

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export const useConnectivity = create<Connectivity>(() => ({ online: browserOnline() }));

const reconnectListeners = new Set<() => void>();
/** Called each time the app comes back online (screens refresh then). */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

let probe: ReturnType<typeof setInterval> | null = null;

function stopProbe() {
  if (probe !== null) clearInterval(probe);
  probe = null;
}

async function checkServer() {
  if (!browserOnline()) return;
  const ok = await fetch(apiUrl(HEALTH_PATH), { cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );
  if (ok) reportReachable();
}

/** An answer came from the server (any status): we are online. */
export function reportReachable() {
  stopProbe();
  if (useConnectivity.getState().online || !browserOnline()) return;
  useConnectivity.setState({ online: true });
  reconnectListeners.forEach((listener) => listener());
}

/** A request failed for lack of a network (or the server is down): we are offline until it answers. */
export function reportUnreachable() {
  if (useConnectivity.getState().online) useConnectivity.setState({ online: false });
  if (probe === null && typeof window !== 'undefined') probe = setInterval(() => void checkServer(), PROBE_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => reportUnreachable());
  window.addEventListener('online', () => void checkServer());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !useConnectivity.getState().online) void checkServer();
  });
}
