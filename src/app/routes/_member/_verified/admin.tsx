import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '#app/admin/admin-page.tsx';
import { adminQueries } from '#app/admin/admin.api.ts';
import { adminOnly } from '#app/platform/guards.ts';
import { queryClient } from '#app/platform/query.ts';

export const Route = createFileRoute('/_member/_verified/admin')({
  beforeLoad: adminOnly,
  // Starts the figures and the first page while the screen's code downloads; the screen shows its own errors.
  loader: () => {
    void queryClient.prefetchQuery(adminQueries.stats());
    void queryClient.prefetchQuery(adminQueries.users({ page: 1, search: '' }));
  },
  component: AdminPage,
});
