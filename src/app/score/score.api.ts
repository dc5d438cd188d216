import { queryOptions } from '@tanstack/react-query';
import type { CreditReportResponseSchema } from '#shared/api/score.ts';
import { scorePaths } from '#shared/api/score.paths.ts';
import { http, type AnswerOf } from '#app/platform/http.ts';
import { OPENED_FRESH_MS } from '#app/platform/fresh.ts';

export const CREDIT_REPORT_FAILED = 'Failed to load credit report';

export const scoreKeys = {
  all: ['score'] as const,
  creditReport: () => [...scoreKeys.all, 'credit-report'] as const,
};

export const scoreApi = {
  creditReport: () => http.get<AnswerOf<typeof CreditReportResponseSchema>>(scorePaths.creditReport, { fallback: CREDIT_REPORT_FAILED }),
};

export const scoreQueries = {
  /** Asked again on each visit (once: the route's loader asks): the ledger moves with every date. */
  creditReport: () => queryOptions({ queryKey: scoreKeys.creditReport(), queryFn: scoreApi.creditReport, staleTime: OPENED_FRESH_MS }),
};
