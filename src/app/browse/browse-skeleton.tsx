import { fill } from '#shared/shell-first-page.ts';

/** The clock's sentence, before the time (core-journey §7). */
export const CLOCK_NOTE = 'All times are shown in UTC. Vancouver time:';
export const BROWSE_TABS = [
  { id: 'profiles', label: 'Profiles' },
  { id: 'dates', label: 'Available Dates' },
] as const;

/**
 * /browse as the shell paints it before the app's code has arrived (scripts/prerender.ts writes it
 * into index.html; the start-up stylesheet shows it on /browse only). It is the page's own layout,
 * with the page's classes and texts, so the first card's photo — which the shell's head script asks
 * for with the first page and draws into the first card here (src/shared/head-script.ts) — is
 * exactly where the page then draws it. Only its heading is for assistive technology (its buttons
 * and tabs do nothing yet, and the shell's status says the app is loading).
 */
export function BrowseSkeleton() {
  return (
    <div className="browse-skeleton">
      <div className="browse-head">
        <h1>Browse</h1>
        <p className="muted browse-clock">
          {CLOCK_NOTE} <time>&nbsp;</time>
        </p>
        <div className="row" aria-hidden="true">
          <button type="button" className="btn" disabled>
            Auto-Locate
          </button>
          <button type="button" className="btn" disabled>
            Filters
          </button>
        </div>
      </div>
      <div role="tablist" className="tabs" aria-hidden="true">
        {BROWSE_TABS.map((tab) => (
          <button key={tab.id} type="button" role="tab" className="tab" aria-selected={tab.id === 'profiles'} disabled>
            {tab.label}
          </button>
        ))}
      </div>
      <div className="stack" aria-hidden="true">
        {/* Where "Distances from …" will be. */}
        <p className="muted">&nbsp;</p>
        <SkeletonCards fillFirst={fill('src', 'users.0.profile.photos.0.url')} />
      </div>
    </div>
  );
}

/**
 * Three cards still loading: the photo frame of a card and two grey lines (also the list's own
 * loading state); in the shell, the first frame is where the head script draws the first photo.
 */
export function SkeletonCards({ fillFirst }: { fillFirst?: ReturnType<typeof fill> }) {
  return (
    <ul className="profile-grid" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="card profile-card skeleton">
          <div className="profile-card-photo" {...(i === 0 ? fillFirst : undefined)} />
          <div className="skeleton-line" />
          <div className="skeleton-line short" />
        </li>
      ))}
    </ul>
  );
}
