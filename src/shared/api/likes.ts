import { z } from 'zod';
import { MemberSummarySchema } from './profiles.ts';

export { likesPaths, CANNOT_LIKE_YOURSELF, NUDGE_ONCE_A_DAY } from './likes.paths.ts';

export const LikeStatusResponseSchema = z.object({ isLiked: z.boolean() });
export const LikeResponseSchema = z.object({ success: z.boolean(), message: z.string(), isLiked: z.boolean() });

export const LikedMemberSchema = MemberSummarySchema.extend({ likedAt: z.string() });
export type LikedMember = z.infer<typeof LikedMemberSchema>;
export const LikesResponseSchema = z.object({ given: z.array(LikedMemberSchema), received: z.array(LikedMemberSchema) });
export type LikesResponse = z.infer<typeof LikesResponseSchema>;

export const NudgeResponseSchema = z.object({ success: z.boolean(), message: z.string() });
