import { useSession } from '#app/platform/session.store.ts';
import { Tabs, type TabItem } from '#app/platform/ui/tabs.tsx';
import { useAdminTab, type AdminTab } from './admin.store.ts';
import { AbTestTab } from './ab-test-tab.tsx';
import { RestaurantsTab } from './restaurants-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import './admin.css';

const TABS: readonly TabItem<AdminTab>[] = [
  { id: 'users', label: 'Users' },
  { id: 'ab-testing', label: 'A/B Testing' },
  { id: 'restaurants', label: 'Restaurants' },
];

/** /admin (account-and-admin §2): the route lets only admins in; the tab bar remembers its place. */
export function AdminPage() {
  const { tab, select } = useAdminTab();
  // Renders nothing for anyone else (account-and-admin §2), should the session change under it.
  const isAdmin = useSession((state) => state.user?.isAdmin === true);
  if (!isAdmin) return null;
  return (
    <main id="main" className="page admin-page">
      <h1>Admin Dashboard</h1>
      <Tabs label="Admin sections" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'users' && <UsersTab />}
        {tab === 'ab-testing' && <AbTestTab />}
        {tab === 'restaurants' && <RestaurantsTab />}
      </Tabs>
    </main>
  );
}

