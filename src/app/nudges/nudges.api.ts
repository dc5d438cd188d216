import type { NudgeResponseSchema } from '#shared/api/likes.ts';
import { likesPaths } from '#shared/api/likes.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';

export const nudgeKeys = {
  all: ['nudges'] as const,
  send: () => [...nudgeKeys.all, 'send'] as const,
};

export const nudgesApi = {
  send: (userId: string) => http.post<AnswerOf<typeof NudgeResponseSchema>>(likesPaths.nudge(userId), undefined, { fallback: 'Failed to send nudge' }),
};
