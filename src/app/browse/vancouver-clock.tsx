import { useEffect, useState } from 'react';
import { dateFormat } from '#app/platform/date-format.ts';

export const REFERENCE_TIME_ZONE = 'America/Vancouver';

const CLOCK = dateFormat({ timeZone: REFERENCE_TIME_ZONE, weekday: 'short', hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** The current time in Vancouver, the product's reference city, ticking each second. */
export function VancouverClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <time dateTime={now.toISOString()}>{CLOCK.format(now)}</time>;
}
