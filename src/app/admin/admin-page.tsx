import { useQuery } from '@tanstack/react-query';
import { useSession } from '#app/platform/session.store.ts';
import { Tabs, type TabItem } from '#app/platform/ui/tabs.tsx';
import { adminQueries } from './admin.api.ts';
import { useAdminTab, type AdminTab } from './admin.store.ts';
import { AbTestTab } from './ab-test-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { RestaurantsTab } from './restaurants-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import './admin.css';

/** The Reports tab's label carries the number of open reports. */
function ReportsLabel({ open }: { open: number | undefined }) {
  return (
    <span className="admin-tab-label">
      Reports
      {open !== undefined && open > 0 && (
        <>
          <span className="badge" aria-hidden="true">
            {open}
          </span>
          <span className="visually-hidden"> ({open} open)</span>
        </>
      )}
    </span>
  );
}

/** /admin (account-and-admin §2): the route lets only admins in; the tab bar remembers its place. */
export function AdminPage() {
  const { tab, select } = useAdminTab();
  // Renders nothing for anyone else (account-and-admin §2), should the session change under it.
  const isAdmin = useSession((state) => state.user?.isAdmin === true);
  // The queue's own first page (open reports), whose counts give the badge.
  const openReports = useQuery({ ...adminQueries.reports('open'), enabled: isAdmin, select: (answer) => answer.counts.open });
  if (!isAdmin) return null;
  const tabs: readonly TabItem<AdminTab>[] = [
    { id: 'users', label: 'Users' },
    { id: 'ab-testing', label: 'A/B Testing' },
    { id: 'restaurants', label: 'Restaurants' },
    { id: 'reports', label: <ReportsLabel open={openReports.data} /> },
  ];
  return (
    <main id="main" className="page admin-page">
      <h1>Admin Dashboard</h1>
      <Tabs label="Admin sections" tabs={tabs} selected={tab} onSelect={select}>
        {tab === 'users' && <UsersTab />}
        {tab === 'ab-testing' && <AbTestTab />}
        {tab === 'restaurants' && <RestaurantsTab />}
        {tab === 'reports' && <ReportsTab />}
      </Tabs>
    </main>
  );
}
