import type { ReactNode } from 'react';
import { LogoMark } from './logo-mark.tsx';

/**
 * The layout a member's page paints before its code and data arrive: the build writes this into
 * the shell (index.html, scripts/prerender.ts), and the app shows the same while it checks a
 * stored session, so the first paint is never blank and nothing moves when the page arrives.
 * The app knows the page from its address: its heading (the route's `staticData.heading`) is
 * written at once, where the page will write it. The shell's copy may also hold pages' own
 * skeletons (`pageSkeletons`, by path; a path ending in / stands for every path below it), each
 * shown by the start-up stylesheet on that page's path only (scripts/prerender.ts).
 */
export function AppSkeleton({
  heading,
  shellHeadings,
  pageSkeletons,
}: {
  heading?: string | undefined;
  shellHeadings?: Record<string, string>;
  pageSkeletons?: Record<string, ReactNode>;
}) {
  return (
    <>
      <header className="site-header">
        <div className="site-header-inner">
          <span className="logo">
            <LogoMark />
            <span>Rendezvous</span>
          </span>
        </div>
      </header>
      <main id="main" className="page app-skeleton" aria-busy="true">
        <span role="status" className="visually-hidden">
          Loading Rendezvous
        </span>
        {heading ? (
          <h1 className="app-skeleton-heading">{heading}</h1>
        ) : (
          <>
            <div className="app-skeleton-title" />
            {shellHeadings && (
              // The shell's copy (one file for every page path): each page's heading, shown by the
              // start-up stylesheet for the path the head script names (scripts/prerender.ts).
              <h1 className="app-skeleton-heading shell-heading">
                {Object.entries(shellHeadings).map(([path, text]) => (
                  <span key={path} data-page={path}>
                    {text}
                  </span>
                ))}
              </h1>
            )}
          </>
        )}
        <div className="app-skeleton-block" />
        <div className="app-skeleton-block" />
        {Object.entries(pageSkeletons ?? {}).map(([path, skeleton]) => (
          <div key={path} className="page-skeleton" data-skeleton={path}>
            {skeleton}
          </div>
        ))}
      </main>
    </>
  );
}
