import { useZoneClock } from '#app/platform/zone-clock.ts';

export const REFERENCE_TIME_ZONE = 'America/Vancouver';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (value: number) => String(value).padStart(2, '0');

/** "Thu 11:03:09 PM": a wall clock as the header reads it. */
export function clockText(clock: { weekday: number; hour: number; minute: number; second: number }): string {
  const hour12 = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  return `${WEEKDAYS[clock.weekday]} ${hour12}:${pad(clock.minute)}:${pad(clock.second)} ${clock.hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The current time in Vancouver, the product's reference city, ticking each second: the device's
 * clock at the offset the server's zone rules give (docs/time-zones.md), blank until it has them.
 */
export function VancouverClock() {
  const clock = useZoneClock(REFERENCE_TIME_ZONE, 1000);
  if (!clock) return <time>&nbsp;</time>;
  return (
    <time dateTime={clock.instant.toISOString()}>
      {clockText(clock)} {clock.zoneLabel}
    </time>
  );
}
