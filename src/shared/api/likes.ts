import { z } from 'zod';
import { MemberSummarySchema } from './profiles.ts';

export const likesPaths = {
  like: (userId: string) => `/users/${encodeURIComponent(userId)}/like`,
  likeStatus: (userId: string) => `/users/${encodeURIComponent(userId)}/like-status`,
  likes: '/users/likes',
  nudge: (userId: string) => `/users/${encodeURIComponent(userId)}/nudge`,
} as const;

export const CANNOT_LIKE_YOURSELF = 'Cannot like yourself';
export const NUDGE_ONCE_A_DAY = 'You can only send one nudge per day to each user';

export const LikeStatusResponseSchema = z.object({ isLiked: z.boolean() });
export const LikeResponseSchema = z.object({ success: z.boolean(), message: z.string(), isLiked: z.boolean() });

export const LikedMemberSchema = MemberSummarySchema.extend({ likedAt: z.string() });
export type LikedMember = z.infer<typeof LikedMemberSchema>;
export const LikesResponseSchema = z.object({ given: z.array(LikedMemberSchema), received: z.array(LikedMemberSchema) });
export type LikesResponse = z.infer<typeof LikesResponseSchema>;

export const NudgeResponseSchema = z.object({ success: z.boolean(), message: z.string() });
