import { useEffect, useState } from 'react';

/** Sample activity (the landing page says so): eight Canadian cities. */
export const SAMPLE_ACTIVITY = [
  'Sophie in Vancouver just booked a coffee date',
  'Marc in Montréal opened Friday dinner slots',
  'Priya in Toronto confirmed drinks for Saturday',
  'Liam in Calgary booked a lunch date',
  'Chloé in Québec City added an art-walk afternoon',
  'Noah in Ottawa reached Princess-level reliability',
  'Ava in Halifax booked an evening of live jazz',
  'Ethan in Winnipeg confirmed a Sunday brunch',
] as const;

export const TICKER_MS = 3_000;

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function ActivityTicker() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SAMPLE_ACTIVITY.length), TICKER_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="ticker" aria-live="polite">
      <span className="ticker-dot" aria-hidden="true" />
      <span className="visually-hidden">Recent activity (sample): </span>
      {SAMPLE_ACTIVITY[index]}
    </p>
  );
}
