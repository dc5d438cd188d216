import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CANNOT_LIKE_YOURSELF } from '#shared/api/likes.paths.ts';
import { HttpError } from '#shared/http-error.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { likeKeys, likeQueries, likesApi } from './likes.api.ts';

/** The texts of core-journey §8 "Like". */
export function likeErrorText(error: unknown, liking: boolean): string {
  if (liking && error instanceof HttpError && error.status === 400 && error.message === CANNOT_LIKE_YOURSELF) return "You can't like your own profile";
  return liking ? 'Failed to like user' : 'Failed to unlike user';
}

/** Like or Unlike another member (the state comes from like-status). */
export function LikeButton({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const status = useQuery(likeQueries.status(userId));
  const liked = status.data === true;
  const toggle = useMutation({
    mutationFn: (like: boolean) => (like ? likesApi.like(userId) : likesApi.unlike(userId)),
    networkMode: 'always',
    onSuccess: (response) => {
      queryClient.setQueryData(likeKeys.status(userId), response.isLiked);
      void queryClient.invalidateQueries({ queryKey: likeKeys.lists() });
    },
    onError: (error, liking) => toast.error(likeErrorText(error, liking)),
  });
  return (
    <Button variant={liked ? 'secondary' : 'primary'} busy={toggle.isPending} disabled={status.isPending} onClick={() => toggle.mutate(!liked)}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill={liked ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
        <path d="M12 20s-7.5-4.6-9.3-9.2C1.5 7.6 3.6 4.5 7 4.5c2 0 3.3 1.1 5 3 1.7-1.9 3-3 5-3 3.4 0 5.5 3.1 4.3 6.3C19.5 15.4 12 20 12 20z" />
      </svg>
      {liked ? 'Unlike' : 'Like'}
    </Button>
  );
}
