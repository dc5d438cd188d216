import { z } from 'zod';

export { blocksPaths, BLOCK_TEXTS } from './blocks.paths.ts';

export const BlockResponseSchema = z.object({ success: z.boolean(), message: z.string(), isBlocked: z.boolean() });
export type BlockResponse = z.infer<typeof BlockResponseSchema>;

export const BlockedMemberSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  photo: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof BlockedMemberSchema>;
export const BlockedMembersResponseSchema = z.object({ members: z.array(BlockedMemberSchema) });
export type BlockedMembersResponse = z.infer<typeof BlockedMembersResponseSchema>;
