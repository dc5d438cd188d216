import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { BAN_REASON_MAX, type AdminStats, type AdminUser, type Pagination } from '#shared/api/admin.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { TextAreaField, TextField } from '#app/platform/ui/field.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Avatar, ScoreBadge } from '#app/platform/ui/member.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { ADMIN_TEXTS, adminApi, adminKeys, adminQueries } from './admin.api.ts';

const nameOf = (user: AdminUser) => user.profile.name || 'No name';
const joined = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Showing X to Y of N users' (account-and-admin §2). */
export function showingText({ page, limit, total }: Pagination) {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  return `Showing ${from} to ${Math.min(page * limit, total)} of ${total} users`;
}

/** The Users tab: four stat cards, then the member table with search, paging, ban and delete. */
export function UsersTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const stats = useQuery(adminQueries.stats());
  const users = useQuery({ ...adminQueries.users({ page, search: search.trim() }), placeholderData: keepPreviousData });

  // A delete that empties the last page moves back to the new last page.
  const pages = users.data?.pagination.pages;
  useEffect(() => {
    if (pages !== undefined && pages > 0 && page > pages) setPage(pages);
  }, [page, pages]);

  useEffect(() => {
    if (stats.isError && users.isError) toast.error(ADMIN_TEXTS.loadDashboard);
    else if (users.isError) toast.error(ADMIN_TEXTS.loadUsers);
    else if (stats.isError) toast.error(ADMIN_TEXTS.loadStats);
  }, [stats.isError, users.isError]);

  return (
    <div className="stack admin-users">
      {stats.data ? <StatCards stats={stats.data} /> : stats.isError ? null : <Spinner label="Loading statistics" />}
      <section className="card stack" aria-labelledby="admin-users-title">
        <div className="admin-users-head">
          <h2 id="admin-users-title">User Management</h2>
          <TextField
            label="Search users"
            type="search"
            placeholder="Search by name or email"
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        {users.isError && !users.data ? (
          <LoadFailed title={ADMIN_TEXTS.loadUsers} error={users.error} onRetry={() => void users.refetch()} />
        ) : !users.data ? (
          <Spinner label="Loading users" />
        ) : (
          <>
            <UsersTable users={users.data.users} />
            <Pager pagination={users.data.pagination} onPage={setPage} />
          </>
        )}
      </section>
    </div>
  );
}

function StatCards({ stats }: { stats: AdminStats }) {
  const cards = [
    { title: 'Total Users', value: stats.users.total, detail: `+${stats.users.recentSignups} this week` },
    { title: 'Total Bookings', value: stats.bookings.total, detail: `${stats.bookings.confirmed} confirmed` },
    { title: 'Available Slots', value: stats.availability.totalSlots, detail: `${stats.bookings.pending} pending bookings` },
    { title: 'Banned Users', value: stats.users.banned, detail: `${stats.users.active} active` },
  ];
  return (
    <ul className="admin-stats" aria-label="Statistics">
      {cards.map((card) => (
        <li key={card.title} className="card admin-stat" aria-label={card.title}>
          <span className="admin-stat-title">{card.title}</span>
          <strong className="admin-stat-value">{card.value}</strong>
          <span className="admin-stat-detail">{card.detail}</span>
        </li>
      ))}
    </ul>
  );
}

type Pending = { kind: 'ban' | 'delete'; user: AdminUser } | null;

function UsersTable({ users }: { users: AdminUser[] }) {
  const me = useSession((state) => state.user?._id);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const setBanned = useMutation({
    mutationFn: ({ user, banned, reason }: { user: AdminUser; banned: boolean; reason: string }) => adminApi.setBanned(user._id, banned, reason),
    onSuccess: (_answer, { user, banned }) => {
      toast.success(banned ? ADMIN_TEXTS.banned(nameOf(user)) : ADMIN_TEXTS.unbanned(nameOf(user)));
      setPending(null);
      void refresh();
    },
    onError: (_error, { banned }) => toast.error(banned ? ADMIN_TEXTS.ban : ADMIN_TEXTS.unban),
  });
  const remove = useMutation({
    mutationFn: (user: AdminUser) => adminApi.remove(user._id),
    onSuccess: (_answer, user) => {
      toast.success(ADMIN_TEXTS.deleted(nameOf(user)));
      setPending(null);
      void refresh();
    },
    onError: () => toast.error(ADMIN_TEXTS.delete),
  });

  if (users.length === 0) return <p className="admin-empty">No users found</p>;
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Email</th>
              <th scope="col">Score</th>
              <th scope="col">Bookings</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const name = nameOf(user);
              const self = user._id === me;
              return (
                <tr key={user._id} aria-label={name}>
                  <td>
                    <div className="admin-user-cell">
                      <Avatar name={name} photoUrl={user.profile.photos[0]?.url} />
                      <div>
                        <div className="admin-user-name">{name}</div>
                        <div className="admin-muted">{user.profile.age ?? 'N/A'}</div>
                      </div>
                    </div>
                  </td>
                  <td>
                    <div>{user.email}</div>
                    <div className="admin-muted">Joined {joined(user.createdAt)}</div>
                  </td>
                  <td>
                    <ScoreBadge score={user.reliabilityScore.current} />
                  </td>
                  <td>
                    <div>{user.stats.bookings.total} total</div>
                    <div className="admin-muted">{user.stats.bookings.confirmed} confirmed</div>
                  </td>
                  <td>
                    <span className={`admin-status ${user.moderation.isBanned ? 'admin-status-banned' : 'admin-status-active'}`}>
                      {user.moderation.isBanned ? 'Banned' : 'Active'}
                    </span>
                  </td>
                  <td>
                    <div className="admin-actions">
                      {user.moderation.isBanned ? (
                        <Button
                          size="sm"
                          disabled={self}
                          busy={setBanned.isPending && setBanned.variables?.user._id === user._id}
                          onClick={() => setBanned.mutate({ user, banned: false, reason: '' })}
                          aria-label={`Unban ${name}`}
                        >
                          Unban
                        </Button>
                      ) : (
                        <Button size="sm" disabled={self} onClick={() => setPending({ kind: 'ban', user })} aria-label={`Ban ${name}`}>
                          Ban
                        </Button>
                      )}
                      <Button size="sm" variant="danger" disabled={self} onClick={() => setPending({ kind: 'delete', user })} aria-label={`Delete ${name}`}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <BanDialog
        user={pending?.kind === 'ban' ? pending.user : null}
        busy={setBanned.isPending}
        onClose={() => setPending(null)}
        onBan={(user, reason) => setBanned.mutate({ user, banned: true, reason })}
      />
      <Dialog open={pending?.kind === 'delete'} onClose={() => setPending(null)} title="Delete user">
        {pending?.kind === 'delete' && (
          <div className="stack">
            <p>Are you sure you want to delete the user {nameOf(pending.user)}? This action cannot be undone.</p>
            <div className="row dialog-actions">
              <Button onClick={() => setPending(null)}>Cancel</Button>
              <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(pending.user)}>
                Delete
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

/** The ban prompt: why is this user being banned? Cancelling, or a blank reason, bans no one. */
function BanDialog({ user, busy, onClose, onBan }: { user: AdminUser | null; busy: boolean; onClose: () => void; onBan: (user: AdminUser, reason: string) => void }) {
  return (
    <Dialog open={user !== null} onClose={onClose} title="Ban user">
      {user && <BanForm key={user._id} user={user} busy={busy} onClose={onClose} onBan={onBan} />}
    </Dialog>
  );
}

function BanForm({ user, busy, onClose, onBan }: { user: AdminUser; busy: boolean; onClose: () => void; onBan: (user: AdminUser, reason: string) => void }) {
  const [reason, setReason] = useState('');
  const blank = reason.trim() === '';
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!blank) onBan(user, reason.trim());
  }
  return (
    <form className="stack" onSubmit={submit}>
      <TextAreaField
        label={`Why is ${nameOf(user)} being banned?`}
        value={reason}
        maxLength={BAN_REASON_MAX}
        rows={3}
        required
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="row dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="danger" disabled={blank} busy={busy}>
          Ban
        </Button>
      </div>
    </form>
  );
}

function Pager({ pagination, onPage }: { pagination: Pagination; onPage: (page: number) => void }) {
  const { page, pages } = pagination;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <span>{showingText(pagination)}</span>
      <div className="admin-pager-buttons">
        <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pages > 1 && (
          <span>
            Page {page} of {pages}
          </span>
        )}
        <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
