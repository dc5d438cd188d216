import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import type { MemberDetail } from '#shared/api/profiles.ts';
import { displayName } from '#shared/domain/profile.ts';
import { HttpError } from '#shared/http-error.ts';
import { fill } from '#shared/shell-first-page.ts';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { browseQueries } from './browse.api.ts';
import { AvailableTimesSection } from './member-available-times.tsx';
import { DatingStatsSection, RecentDateActivitySection } from './member-date-record.tsx';
import { MemberHero } from './member-hero.tsx';
import { AboutSection, CarTeamSection, CoupleSection, InterestsSection, PreferencesSection } from './member-profile-sections.tsx';
import { AVAILABLE_TIMES_ID, type Nudger } from './profile-card.tsx';
import './browse.css';

export const LOAD_FAILED = 'Failed to load profile';
export const NOT_FOUND = 'Profile not found';
const BACK_TO_BROWSE = '← Back to Browse';

/** /user/{userId} (core-journey §2). The Like button comes from the likes feature, through the route. */
export function MemberPage({ userId, nudge, likeButton }: { userId: string; nudge: Nudger; likeButton: ReactNode }) {
  const navigate = useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  const query = useQuery(browseQueries.member(userId));
  const notFound = query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 400);
  const failed = query.isError && !notFound && !query.data;

  useEffect(() => {
    if (!failed) return;
    toast.error(LOAD_FAILED);
    void navigate({ to: '/browse' });
  }, [failed, navigate]);

  const loaded = Boolean(query.data);
  useEffect(() => {
    if (loaded && hash === AVAILABLE_TIMES_ID) document.getElementById(AVAILABLE_TIMES_ID)?.scrollIntoView();
  }, [loaded, hash]);

  if (notFound) {
    return (
      <main id="main" className="page">
        <div className="empty-state">
          <h1>{NOT_FOUND}</h1>
          <Link to="/browse" className="btn btn-primary">
            Back to Browse
          </Link>
        </div>
      </main>
    );
  }
  if (!query.data) {
    return (
      <main id="main" className="page">
        <Spinner label="Loading profile" />
      </main>
    );
  }
  return <MemberProfile member={query.data} updatedAt={query.dataUpdatedAt} nudge={nudge} likeButton={likeButton} />;
}

/**
 * /user/{userId} as the shell paints it before the app's code has arrived (scripts/prerender.ts writes
 * it into index.html; the start-up stylesheet shows it on /user/… only): the back link and the top
 * card's photo frame with the page's classes (member-hero.tsx, photo-carousel.tsx), where the head
 * script draws the first photo of the member it asks for (src/shared/head-script.ts), the page's
 * largest paint.
 */
export function MemberSkeleton() {
  return (
    <>
      <a href="/browse" className="back-link">
        {BACK_TO_BROWSE}
      </a>
      <div className="member-layout" aria-hidden="true">
        <div className="card member-hero">
          <div className="carousel">
            <div className="carousel-frame" {...fill('src', 'user.profile.photos.0.url')} />
          </div>
        </div>
      </div>
    </>
  );
}

/** The member's page once loaded: the hero, then one card per section, in the spec's order. */
function MemberProfile({ member, updatedAt, nudge, likeButton }: { member: MemberDetail; updatedAt: number; nudge: Nudger; likeButton: ReactNode }) {
  return (
    <main id="main" className="page member-page">
      <Link to="/browse" className="back-link">
        {BACK_TO_BROWSE}
      </Link>
      <OfflineStatus updatedAt={updatedAt} />
      <div className="member-layout">
        <MemberHero member={member} nudge={nudge} likeButton={likeButton} />
        <AboutSection member={member} />
        <CarTeamSection member={member} />
        <CoupleSection member={member} />
        <InterestsSection member={member} />
        <PreferencesSection member={member} />
        <RecentDateActivitySection activity={member.recentDateActivity} />
        <DatingStatsSection stats={member.reliabilityScore.stats} />
        <AvailableTimesSection member={member} name={displayName(member)} />
      </div>
    </main>
  );
}
