import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Tabs } from '#app/platform/ui/tabs.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { NotificationItem } from './notification-item.tsx';
import { LOAD_FAILED, notificationQueries, type InboxView } from './notifications.api.ts';
import { useInboxActions } from './use-inbox-actions.ts';
import './notifications.css';

const EMPTY: Record<InboxView, string> = { active: 'No active notifications', archived: 'No archived notifications' };
export const NOTIFICATIONS_HEADING = 'Notifications';
export const INBOX_TABS: readonly { id: InboxView; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'archived', label: 'Archived' },
];

/** /notifications (account-and-admin §2): the Active and Archived inbox, polled while open. */
export function NotificationsPage() {
  const [view, setView] = useState<InboxView>('active');
  const inbox = useQuery(notificationQueries.list(view));
  const actions = useInboxActions();

  useEffect(() => {
    // Offline with the kept list on screen, the offline line says it; no failure to report.
    if (inbox.isError && !(inbox.data && (inbox.error as { status?: number }).status === 0)) toast.error(LOAD_FAILED);
  }, [inbox.isError, inbox.errorUpdatedAt, inbox.data]);

  // Both counts come with either list: the last ones known stay while another tab's list loads.
  const lastCounts = useRef(inbox.data?.counts);
  if (inbox.data) lastCounts.current = inbox.data.counts;
  const counts = lastCounts.current;
  const items = inbox.data?.notifications ?? [];
  return (
    <main id="main" className="page page-inbox">
      <h1>{NOTIFICATIONS_HEADING}</h1>
      {inbox.data && <OfflineStatus updatedAt={inbox.dataUpdatedAt} />}
      <Tabs
        label={NOTIFICATIONS_HEADING}
        selected={view}
        onSelect={setView}
        tabs={INBOX_TABS.map((tab) => ({ ...tab, label: counts ? `${tab.label} (${counts[tab.id]})` : tab.label }))}
      >
        {inbox.isPending ? (
          <Spinner label="Loading notifications" />
        ) : inbox.isError && !inbox.data ? (
          <LoadFailed title={LOAD_FAILED} error={inbox.error} onRetry={() => void inbox.refetch()} />
        ) : items.length === 0 ? (
          <div className="empty-state">
            <p>{EMPTY[view]}</p>
          </div>
        ) : (
          <ul className="notification-list">
            {items.map((item) => (
              <NotificationItem key={item._id} item={item} actions={actions} />
            ))}
          </ul>
        )}
      </Tabs>
    </main>
  );
}
