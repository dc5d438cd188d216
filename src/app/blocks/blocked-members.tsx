import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { BLOCK_TEXTS } from '#shared/api/blocks.paths.ts';
import type { BlockedMember } from '#shared/api/blocks.ts';
import { messageOf } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Avatar } from '#app/platform/ui/member.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { BLOCKED_LOAD_FAILED, blockQueries, blocksApi, refreshAfterBlock } from './blocks.api.ts';
import './blocks.css';

export const NOBODY_BLOCKED = "You haven't blocked anyone.";

/** The profile's list of members the member blocked, each with Unblock (visibility comes back; cancelled dates stay cancelled). */
export function BlockedMembersSection() {
  const headingId = useId();
  const blocked = useQuery(blockQueries.list());
  return (
    <section className="card stack profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Blocked members</h2>
      {blocked.isPending ? (
        <p role="status">Loading…</p>
      ) : blocked.isError ? (
        <LoadFailed title={BLOCKED_LOAD_FAILED} error={blocked.error} onRetry={() => void blocked.refetch()} />
      ) : blocked.data.length === 0 ? (
        <p className="muted">{NOBODY_BLOCKED}</p>
      ) : (
        <>
          <p className="muted">Unblocking lets you see each other again. Dates cancelled by the block stay cancelled.</p>
          <ul className="stack-sm blocked-members">
            {blocked.data.map((member) => (
              <BlockedRow key={member._id} member={member} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function BlockedRow({ member }: { member: BlockedMember }) {
  const queryClient = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => blocksApi.unblock(member._id),
    onSuccess: () => {
      toast.success(BLOCK_TEXTS.unblocked);
      void refreshAfterBlock(queryClient);
    },
    onError: (error) => toast.error(messageOf(error, 'Failed to unblock this member')),
  });
  return (
    <li className="row blocked-member">
      <Avatar name={member.firstName} photoUrl={member.photo ?? undefined} />
      <span className="blocked-member-name">{member.firstName}</span>
      <Button size="sm" busy={unblock.isPending} onClick={() => unblock.mutate()}>
        Unblock<span className="visually-hidden"> {member.firstName}</span>
      </Button>
    </li>
  );
}
