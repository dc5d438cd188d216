import { SkeletonTabs } from '#app/platform/ui/skeleton-tabs.tsx';
import { BACK_TO_BROWSE, SCORE_HEADING, SCORE_TABS, ScoreOverview } from './score-page.tsx';

/**
 * /score as the shell paints it before the app's code has arrived (scripts/prerender.ts writes it
 * into index.html; the start-up stylesheet shows it on /score only): the page's own layout and
 * classes — back link, heading, tabs, the overview with the member's figures left blank and the
 * points guide — so the guide (the page's largest paint) is drawn at first paint where the page
 * then draws it.
 */
export function ScoreSkeleton() {
  return (
    <>
      <a href="/browse" className="back-link">
        {BACK_TO_BROWSE}
      </a>
      <h1>{SCORE_HEADING}</h1>
      <SkeletonTabs tabs={SCORE_TABS}>
        <div aria-hidden="true">
          <ScoreOverview score={null} isWoman={false} />
        </div>
      </SkeletonTabs>
    </>
  );
}
