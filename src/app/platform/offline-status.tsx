import { useConnectivity } from './connectivity.ts';

/** "14:05" today, else "Nov 23, 14:05": when the data on screen was last fetched. */
export function updatedAtText(updatedAt: number, now = Date.now()): string {
  const when = new Date(updatedAt);
  const time = when.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (when.toDateString() === new Date(now).toDateString()) return time;
  return `${when.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}

/**
 * The one "offline — updated {time}" line every cached screen shows while the server cannot be
 * reached: the screen's data is what the device kept. `updatedAt` is the query's dataUpdatedAt
 * (the oldest of the screen's queries; 0 when nothing is kept). Nothing shows while online.
 */
export function OfflineStatus({ updatedAt }: { updatedAt: number | number[] }) {
  const online = useConnectivity((state) => state.online);
  if (online) return null;
  const times = (Array.isArray(updatedAt) ? updatedAt : [updatedAt]).filter((time) => time > 0);
  const oldest = times.length > 0 ? Math.min(...times) : 0;
  return (
    <p role="status" className="offline-status">
      <span className="offline-dot" aria-hidden="true" />
      {oldest > 0 ? `Offline — updated ${updatedAtText(oldest)}` : 'Offline — nothing saved on this device yet'}
    </p>
  );
}
