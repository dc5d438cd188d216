import { fill } from '#shared/shell-first-page.ts';
import { SkeletonTabs } from '#app/platform/ui/skeleton-tabs.tsx';
import { INBOX_TABS, NOTIFICATIONS_HEADING } from './notifications-page.tsx';

/**
 * /notifications as the shell paints it before the app's code has arrived (scripts/prerender.ts
 * writes it into index.html; the start-up stylesheet shows it on /notifications only): the page's
 * heading, tabs and first item with the page's classes (notification-item.tsx), shown once the head
 * script has drawn the first notification's title and message into it from the Active list it asks
 * for (src/shared/head-script.ts) — the message is the page's largest paint.
 */
export function NotificationsSkeleton() {
  return (
    <>
      <h1>{NOTIFICATIONS_HEADING}</h1>
      <SkeletonTabs tabs={INBOX_TABS}>
        <ul className="notification-list" aria-hidden="true" hidden {...fill('show', 'notifications.0')}>
          <li>
            <article className="card notification">
              <span className="notification-avatar">
                <span className="avatar-initials avatar-md" />
              </span>
              <div className="notification-body">
                <h2 className="notification-title">
                  <span className="unread-dot" hidden {...fill('unless', 'notifications.0.isRead')} />
                  <span {...fill('text', 'notifications.0.title')} />
                </h2>
                <p className="notification-message" {...fill('text', 'notifications.0.message')} />
              </div>
            </article>
          </li>
        </ul>
      </SkeletonTabs>
    </>
  );
}
