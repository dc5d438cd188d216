import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AbTestStats } from '#shared/api/ab-test.ts';
import { TAGLINES, TAGLINE_VARIANTS } from '#shared/domain/ab-test.ts';
import { TextField } from '#app/platform/ui/field.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { ADMIN_TEXTS, adminQueries, type DateRange } from './admin.api.ts';

const titleOf = (variant: string) => variant.charAt(0).toUpperCase() + variant.slice(1);

/** Conversion colours (account-and-admin §9): 3 %+ green, 2 %+ blue, 1 %+ yellow, below red. */
export function conversionTone(rate: string): 'green' | 'blue' | 'yellow' | 'red' {
  const value = Number(rate);
  if (value >= 3) return 'green';
  if (value >= 2) return 'blue';
  if (value >= 1) return 'yellow';
  return 'red';
}

const dayText = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-CA', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The A/B Testing tab: 'Tagline A/B Test Results', a card per variant, the table, the date range and the note. */
export function AbTestTab() {
  const [range, setRange] = useState<DateRange>({ startDate: '', endDate: '' });
  const results = useQuery({ ...adminQueries.abTest(range), placeholderData: keepPreviousData });

  useEffect(() => {
    if (results.isError) toast.error(ADMIN_TEXTS.loadAbTest);
  }, [results.isError]);

  return (
    <section className="card stack" aria-labelledby="admin-ab-title">
      <div className="admin-users-head">
        <h2 id="admin-ab-title">Tagline A/B Test Results</h2>
        <div className="admin-form-row admin-range">
          <TextField label="From" type="date" value={range.startDate} max={range.endDate || undefined} onChange={(event) => setRange((r) => ({ ...r, startDate: event.target.value }))} />
          <TextField label="To" type="date" value={range.endDate} min={range.startDate || undefined} onChange={(event) => setRange((r) => ({ ...r, endDate: event.target.value }))} />
        </div>
      </div>
      {results.isError && !results.data ? (
        <LoadFailed title={ADMIN_TEXTS.loadAbTest} error={results.error} onRetry={() => void results.refetch()} />
      ) : !results.data ? (
        <Spinner label="Loading A/B test results" />
      ) : (
        <Results stats={results.data} />
      )}
    </section>
  );
}

function Results({ stats }: { stats: AbTestStats }) {
  const { start, end } = stats.dateRange;
  const range = (
    <p className="admin-muted">
      Date range: {dayText(start)} – {dayText(end)}
    </p>
  );
  if (TAGLINE_VARIANTS.every((variant) => stats.variants[variant].views === 0)) {
    return (
      <div className="stack-sm admin-empty">
        {range}
        <p>No A/B test data available yet.</p>
        <p>Data will appear as users visit the home page.</p>
      </div>
    );
  }
  return (
    <>
      {range}
      <ul className="admin-stats" aria-label="Variants">
        {TAGLINE_VARIANTS.map((variant) => {
          const result = stats.variants[variant];
          return (
            <li key={variant} className="card admin-stat" aria-label={titleOf(variant)}>
              <span className="admin-stat-title">{titleOf(variant)}</span>
              <strong className={`admin-stat-value admin-rate-${conversionTone(result.conversionRate)}`}>{result.conversionRate}%</strong>
              <span className="admin-stat-detail">Conversion rate</span>
              <span className="admin-stat-detail">{result.uniqueViews} unique views</span>
              <span className="admin-stat-detail">{result.uniqueClicks} unique clicks</span>
            </li>
          );
        })}
      </ul>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Views, clicks and conversion per tagline</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Tagline</th>
              <th scope="col">Unique Views</th>
              <th scope="col">Total Views</th>
              <th scope="col">Unique Clicks</th>
              <th scope="col">Total Clicks</th>
              <th scope="col">Conversion Rate</th>
            </tr>
          </thead>
          <tbody>
            {TAGLINE_VARIANTS.map((variant) => {
              const result = stats.variants[variant];
              return (
                <tr key={variant} aria-label={titleOf(variant)}>
                  <th scope="row">{titleOf(variant)}</th>
                  <td>{TAGLINES[variant]}</td>
                  <td>{result.uniqueViews}</td>
                  <td>{result.views}</td>
                  <td>{result.uniqueClicks}</td>
                  <td>{result.clicks}</td>
                  <td className={`admin-rate-${conversionTone(result.conversionRate)}`}>{result.conversionRate}%</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="admin-muted">Conversion rate = (unique clicks ÷ unique views) × 100</p>
    </>
  );
}
