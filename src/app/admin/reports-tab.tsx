import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { REPORT_REASONS, REPORT_REASON_LABELS } from '#shared/api/reports.paths.ts';
import type { AdminReport, AdminReportsResponse } from '#shared/api/reports.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { ADMIN_TEXTS, adminQueries, type ReportsFilter } from './admin.api.ts';
import { ReportDetail, ReportFacts, reportedName } from './report-detail.tsx';

const FILTERS: readonly { id: ReportsFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'all', label: 'All' },
];
const EMPTY: Record<ReportsFilter, string> = { open: 'No open reports', resolved: 'No resolved reports', all: 'No reports yet' };
const EXCERPT_CHARS = 140;

const excerpt = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).trimEnd()}…` : text);

/** The Reports tab: the moderation queue (issue 31), and one report's detail with its actions. */
export function ReportsTab() {
  const [filter, setFilter] = useState<ReportsFilter>('open');
  const [openId, setOpenId] = useState<string | null>(null);
  // After the detail closes, focus goes back to the report's button (or the heading, once it left the list).
  const backFrom = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reports = useQuery(adminQueries.reports(filter));

  useEffect(() => {
    if (openId !== null || backFrom.current === null || !reports.data) return;
    const button = document.getElementById(openButtonId(backFrom.current));
    (button ?? heading.current)?.focus();
    backFrom.current = null;
  }, [openId, reports.data]);

  function close() {
    backFrom.current = openId;
    setOpenId(null);
  }

  if (openId !== null) return <ReportDetail id={openId} onBack={close} onResolved={close} />;

  return (
    <section className="card stack" aria-labelledby="admin-reports-title">
      <h2 id="admin-reports-title" ref={heading} tabIndex={-1}>
        Reports
      </h2>
      <fieldset className="admin-report-filter">
        <legend className="visually-hidden">Show reports</legend>
        <div className="segmented">
          {FILTERS.map((option) => (
            <label key={option.id}>
              <input type="radio" name="report-status" value={option.id} checked={filter === option.id} onChange={() => setFilter(option.id)} />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {reports.data && <Counts counts={reports.data.counts} />}
      {reports.isError && !reports.data ? (
        <LoadFailed title={ADMIN_TEXTS.loadReports} error={reports.error} onRetry={() => void reports.refetch()} />
      ) : !reports.data ? (
        <Spinner label="Loading reports" />
      ) : reports.data.reports.length === 0 ? (
        <p className="admin-empty">{EMPTY[filter]}</p>
      ) : (
        <ul className="admin-reports" aria-label="Report queue" aria-busy={reports.isFetching || undefined}>
          {reports.data.reports.map((report) => (
            <QueueItem key={report._id} report={report} onOpen={() => setOpenId(report._id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Counts({ counts }: { counts: AdminReportsResponse['counts'] }) {
  const byReason = REPORT_REASONS.filter((reason) => (counts.openByReason[reason] ?? 0) > 0);
  return (
    <div className="stack-sm">
      <p className="admin-report-totals">
        <strong>{counts.open}</strong> open · <strong>{counts.resolved}</strong> resolved
      </p>
      {byReason.length > 0 && (
        <ul className="admin-report-reasons" aria-label="Open reports by reason">
          {byReason.map((reason) => (
            <li key={reason}>
              <span>{REPORT_REASON_LABELS[reason]}</span> <strong>{counts.openByReason[reason]}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const openButtonId = (reportId: string) => `admin-report-open-${reportId}`;

function QueueItem({ report, onOpen }: { report: AdminReport; onOpen: () => void }) {
  const about = reportedName(report);
  return (
    <li className={`admin-report${report.flagged ? ' admin-report-flagged' : ''}`} aria-label={`${REPORT_REASON_LABELS[report.reason]}: ${about}`}>
      <ReportFacts report={report} />
      {report.details ? <p className="admin-report-excerpt">{excerpt(report.details)}</p> : <p className="admin-muted">No details given</p>}
      <div>
        <Button id={openButtonId(report._id)} size="sm" variant={report.status === 'open' ? 'primary' : 'secondary'} onClick={onOpen} aria-label={`${report.status === 'open' ? 'Review' : 'View'} the report about ${about}`}>
          {report.status === 'open' ? 'Review' : 'View'}
        </Button>
      </div>
    </li>
  );
}
