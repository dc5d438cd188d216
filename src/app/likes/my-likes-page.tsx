import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { LikedMember, LikesResponse } from '#shared/api/likes.ts';
import { GENDER_LABELS } from '#shared/domain/account-options.ts';
import { carTierOf, showsCarTeam } from '#shared/domain/car-tiers.ts';
import { displayName } from '#shared/domain/profile.ts';
import { royalTitleFor } from '#shared/domain/score.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Avatar, CoupleIcon, FingerprintIcon, PersonIcon, ScoreBadge, ShieldIcon } from '#app/platform/ui/member.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Tabs } from '#app/platform/ui/tabs.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { likeKeys, likeQueries, likesApi } from './likes.api.ts';
import './likes.css';

type Tab = 'given' | 'received';

export const LOAD_FAILED = 'Failed to load likes';
export const REMOVE_FAILED = 'Failed to remove like';
export const SIGNED_OUT = 'Please log in to view your likes.';

/** /my-likes (account-and-admin §2): the people I liked, and the people who liked me. */
export function MyLikesPage() {
  const signedIn = useSession((state) => state.user !== null);
  const [tab, setTab] = useState<Tab>('given');
  const likes = useQuery({ ...likeQueries.list(), enabled: signedIn });

  useEffect(() => {
    if (likes.isError) toast.error(LOAD_FAILED);
  }, [likes.isError, likes.errorUpdatedAt]);

  // The route asks for a session first; this is for one that ends while the page is open.
  if (!signedIn) {
    return (
      <main id="main" className="page">
        <h1>My Likes</h1>
        <p className="empty-state">{SIGNED_OUT}</p>
      </main>
    );
  }

  const given = likes.data?.given ?? [];
  const received = likes.data?.received ?? [];
  return (
    <main id="main" className="page">
      <h1>My Likes</h1>
      {likes.isPending ? (
        <Spinner label="Loading likes" />
      ) : likes.isError && !likes.data ? (
        <LoadFailed title={LOAD_FAILED} error={likes.error} onRetry={() => void likes.refetch()} />
      ) : (
        <Tabs
          label="My likes"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'given', label: `People I Liked (${given.length})` },
            { id: 'received', label: `People Who Liked Me (${received.length})` },
          ]}
        >
          {tab === 'given' ? (
            given.length === 0 ? (
              <div className="empty-state">
                <p>No likes yet</p>
                <Link to="/browse" className="btn btn-primary">
                  Browse Profiles
                </Link>
              </div>
            ) : (
              <ul className="like-list">
                {given.map((member) => (
                  <LikeCard key={member._id} member={member} canUnlike />
                ))}
              </ul>
            )
          ) : received.length === 0 ? (
            <div className="empty-state">
              <p>No one has liked you yet</p>
            </div>
          ) : (
            <ul className="like-list">
              {received.map((member) => (
                <LikeCard key={member._id} member={member} canUnlike={false} />
              ))}
            </ul>
          )}
        </Tabs>
      )}
    </main>
  );
}

const TIER_LABELS = { elite: 'Elite verified', premium: 'Premium verified', verified: 'Verified' } as const;

function LikeCard({ member, canUnlike }: { member: LikedMember; canUnlike: boolean }) {
  const queryClient = useQueryClient();
  const name = displayName(member);
  const couple = member.accountType === 'couple';
  const score = member.reliabilityScore.current;
  const tier = member.verificationTier in TIER_LABELS ? TIER_LABELS[member.verificationTier as keyof typeof TIER_LABELS] : null;
  const standing =
    member.profile.gender === 'female'
      ? royalTitleFor(score)
      : showsCarTeam(member.profile.gender, member.carTier)
        ? carTierOf(member.carTier).label
        : null;

  const unlike = useMutation({
    mutationFn: () => likesApi.unlike(member._id),
    networkMode: 'always',
    onSuccess: () => {
      queryClient.setQueryData<LikesResponse>(likeKeys.lists(), (likes) => likes && { ...likes, given: likes.given.filter((m) => m._id !== member._id) });
      queryClient.setQueryData(likeKeys.status(member._id), false);
      toast.success(`Removed like from ${name}`);
    },
    onError: () => toast.error(REMOVE_FAILED),
  });

  return (
    <li className="card like-card">
      <Avatar name={name} photoUrl={member.profile.photos[0]?.url} />
      <div className="like-card-body">
        <h2 className="like-card-name">
          <span>{name}</span>
          <span className="icon-row">
            {couple ? <CoupleIcon /> : <PersonIcon />}
            {member.isBiometricVerified && <FingerprintIcon label="Biometric verified" />}
            {tier && <ShieldIcon label={tier} />}
          </span>
        </h2>
        <p className="row like-card-standing">
          {standing && <span className="tag tag-strong">{standing}</span>}
          <ScoreBadge score={score} />
        </p>
        <p className="muted">
          {member.profile.age} · {couple ? 'Couple' : GENDER_LABELS[member.profile.gender]}
        </p>
        {member.profile.bio && <p className="clamp-2">{member.profile.bio}</p>}
        <div className="row">
          <Link to="/user/$userId" params={{ userId: member._id }} className="btn btn-sm">
            View Profile<span className="visually-hidden"> of {name}</span>
          </Link>
          {canUnlike && (
            <Button size="sm" variant="ghost" busy={unlike.isPending} onClick={() => unlike.mutate()}>
              {unlike.isPending ? 'Removing...' : 'Unlike'}
              {!unlike.isPending && <span className="visually-hidden"> {name}</span>}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
