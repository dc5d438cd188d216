import { NudgeResponseSchema, likesPaths } from '#shared/api/likes.ts';
import { http } from '#app/platform/http.ts';

export const nudgeKeys = {
  all: ['nudges'] as const,
  send: () => [...nudgeKeys.all, 'send'] as const,
};

export const nudgesApi = {
  send: (userId: string) => http.post(likesPaths.nudge(userId), NudgeResponseSchema, undefined, { fallback: 'Failed to send nudge' }),
};
