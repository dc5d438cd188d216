import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CreditReport } from '#shared/api/score.ts';
import { CANCEL_CUTOFF_NOTE, signedPoints } from '#shared/domain/score-guide.ts';
import { GRADES, SCORE_CATEGORIES, SCORE_MAX, SCORE_MIN, SCORE_START, gradeFor, gradeName, scoreBand } from '#shared/domain/score.ts';
import { englishDate } from '#app/platform/date-format.ts';
import { useSession } from '#app/platform/session.store.ts';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { Tabs } from '#app/platform/ui/tabs.tsx';
import { CREDIT_REPORT_FAILED, scoreQueries } from './score.api.ts';
import { PointGuideTable } from '#app/components/point-guide-table.tsx';
import { RoyalTitleButton } from './tier-explanation.tsx';
import './score.css';

export const SIGNED_OUT = 'Please log in to view your score.';
export const BACK_TO_BROWSE = '← Back to Browse';
export const SCORE_HEADING = 'Reliability score';
export const SCORE_TABS = [
  { id: 'overview', label: 'Score Overview' },
  { id: 'report', label: 'Credit Report' },
] as const;

type Tab = (typeof SCORE_TABS)[number]['id'];

/** "Nov 27, 2026": as Intl's en-CA wrote it, without the locale's data. */
const dateText = (iso: string) => englishDate.short(new Date(iso));

/** /score (account-and-admin §2): Score Overview and Credit Report. */
export function ScorePage() {
  const user = useSession((state) => state.user);
  const [tab, setTab] = useState<Tab>('overview');
  const report = useQuery({ ...scoreQueries.creditReport(), enabled: user !== null });
  if (!user) {
    return (
      <main id="main" className="page">
        <Link to="/browse" className="back-link">
          {BACK_TO_BROWSE}
        </Link>
        <p className="empty-state">{SIGNED_OUT}</p>
      </main>
    );
  }
  // The ledger's figure once it is here; until then the member's own record (the same stored score).
  const score = report.data?.currentScore ?? user.reliabilityScore.current ?? SCORE_START;
  const isWoman = user.profile.gender === 'female';
  return (
    <main id="main" className="page score-page">
      <Link to="/browse" className="back-link">
        {BACK_TO_BROWSE}
      </Link>
      <h1>{SCORE_HEADING}</h1>
      <Tabs label={SCORE_HEADING} selected={tab} onSelect={setTab} tabs={SCORE_TABS}>
        {tab === 'overview' ? (
          <ScoreOverview score={score} isWoman={isWoman} />
        ) : report.isPending ? (
          <Spinner label="Loading your credit report" />
        ) : report.isError && !report.data ? (
          <LoadFailed title={CREDIT_REPORT_FAILED} error={report.error} onRetry={() => void report.refetch()} />
        ) : (
          <CreditReportView report={report.data} />
        )}
      </Tabs>
    </main>
  );
}

/**
 * The Score Overview tab. Without a score (null: the shell's skeleton of the page, score-skeleton.tsx)
 * the member's own figures are blank lines and the points guide is as the page shows it.
 */
export function ScoreOverview({ score, isWoman }: { score: number | null; isWoman: boolean }) {
  if (score === null) {
    return (
      <div className="stack">
        <section className="card stack-sm score-summary">
          <p className="score-figure">&nbsp;</p>
          <p className="muted">&nbsp;</p>
          <div className="row">&nbsp;</div>
        </section>
        <PointGuide />
      </div>
    );
  }
  const band = scoreBand(score);
  const grade = gradeName(gradeFor(score));
  return (
    <div className="stack">
      <section className="card stack-sm score-summary" aria-labelledby="score-now">
        <h2 id="score-now" className="visually-hidden">
          Your score
        </h2>
        <p className={`score-figure score-${band}`} data-testid="score-figure">
          <span className="visually-hidden">Your reliability score is </span>
          {score}
        </p>
        <p className="muted">
          {`Out of ${SCORE_MIN}–${SCORE_MAX} · `}<span className="visually-hidden">colour band </span>
          <span className={`score-band-dot score-${band}`} aria-hidden="true" />
          {band} band
        </p>
        <div className="row">
          {isWoman ? (
            <>
              <span>Your royal title:</span>
              <RoyalTitleButton score={score} />
              <Link to="/royal-tiers">Royal tiers</Link>
            </>
          ) : (
            <span>
              Grade: <strong>{grade}</strong>
            </span>
          )}
        </div>
      </section>
      <PointGuide />
    </div>
  );
}

function PointGuide() {
  return (
    <section className="card stack-sm" aria-labelledby="point-guide">
      <h2 id="point-guide">What moves your score</h2>
      <PointGuideTable caption="Points for each action" className="score-table" />
      <p className="muted">{`${CANCEL_CUTOFF_NOTE} Everyone starts at ${SCORE_START}; the score stays between ${SCORE_MIN} and ${SCORE_MAX}.`}</p>
    </section>
  );
}

function CreditReportView({ report }: { report: CreditReport }) {
  const { summary } = report;
  return (
    <div className="stack">
      <section className="card stack-sm" aria-labelledby="report-grade">
        <h2 id="report-grade">
          Grade: <span className={`score-badge score-${scoreBand(report.currentScore)}`}>{gradeName(report.grade)}</span>
        </h2>
        <p>{report.gradeDescription}</p>
        <p>
          {report.nextTier ? (
            <>
              <strong>{report.pointsToNextTier} points</strong> to {gradeName(report.nextTier)}
            </>
          ) : (
            'You have reached the top grade.'
          )}
        </p>
        <ul className="tier-minimums" aria-label="Grade minimums">
          {GRADES.map((grade) => (
            <li key={grade} aria-current={grade === report.grade ? 'true' : undefined}>
              {gradeName(grade)}: {report.allTiers[grade].min}+
            </li>
          ))}
        </ul>
      </section>

      <section className="card stack-sm" aria-labelledby="report-summary">
        <h2 id="report-summary">Summary</h2>
        <dl className="report-summary">
          <div>
            <dt>Positive entries</dt>
            <dd>{summary.positiveEntries}</dd>
          </div>
          <div>
            <dt>Negative entries</dt>
            <dd>{summary.negativeEntries}</dd>
          </div>
          <div>
            <dt>Points earned</dt>
            <dd>{signedPoints(summary.totalPointsEarned)}</dd>
          </div>
          <div>
            <dt>Points lost</dt>
            <dd>{signedPoints(-summary.totalPointsLost)}</dd>
          </div>
        </dl>
      </section>

      <section className="card stack-sm" aria-labelledby="report-breakdown">
        <h2 id="report-breakdown">By category</h2>
        <table className="score-table">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Entries</th>
              <th scope="col">Points</th>
            </tr>
          </thead>
          <tbody>
            {SCORE_CATEGORIES.map((category) => (
              <tr key={category}>
                <td>{category}</td>
                <td>{report.scoreBreakdown[category].count}</td>
                <td>{signedPoints(report.scoreBreakdown[category].total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card stack-sm" aria-labelledby="report-history">
        <h2 id="report-history">Recent history</h2>
        {report.history.length === 0 ? (
          <p className="muted">No entries yet.</p>
        ) : (
          <ol className="score-history">
            {report.history.map((entry, index) => (
              <li key={`${entry.date}-${index}`}>
                <span className={entry.points >= 0 ? 'points-up' : 'points-down'}>{signedPoints(entry.points)}</span>
                <span>
                  {entry.description}
                  <span className="muted">
                    {' '}
                    · {entry.category} · <time dateTime={entry.date}>{dateText(entry.date)}</time>
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
