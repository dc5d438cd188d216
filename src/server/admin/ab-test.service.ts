import type { AbTestStats, AbTestStatsQuery, VariantResult } from '#shared/api/ab-test.ts';
import { TAGLINE_VARIANTS, type AbTestEvent, type TaglineVariant } from '#shared/domain/ab-test.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/client.ts';
import { consume, type Limit } from '../platform/rate-limit.ts';
import * as repo from './ab-test.repo.ts';
import { DAY_MS } from '#shared/domain/durations.ts';

/** The landing page sends one view per visit and a click per press: generous, but a flood from one address stops. */
export const AB_TEST_LIMIT: Limit = { max: 60, windowMs: 60_000 };

export function conversionRate(uniqueClicks: number, uniqueViews: number): string {
  return uniqueViews === 0 ? '0.00' : ((uniqueClicks / uniqueViews) * 100).toFixed(2);
}

export function createAbTestService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async record(event: AbTestEvent, body: { visitorId: string; variant: TaglineVariant }, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        await consume(tx, `ab-test:ip:${ip}`, AB_TEST_LIMIT, now);
        await repo.record(tx, { ...body, event, at: now });
      });
    },

    /** Unique and total views and clicks per variant over a range of UTC days (default: from the first data to today). */
    async stats(query: AbTestStatsQuery): Promise<AbTestStats> {
      const today = clock.now().toISOString().slice(0, 10);
      const end = query.endDate ?? today;
      const first = await repo.firstDay(db);
      const start = query.startDate ?? (first && first < end ? first : end);
      const from = new Date(`${start}T00:00:00Z`);
      const to = new Date(new Date(`${end}T00:00:00Z`).getTime() + DAY_MS);
      const [totals, uniques] = await Promise.all([repo.totals(db, start, end), repo.uniques(db, from, to)]);
      const find = (rows: { variant: string; event: string; n: number }[], variant: string, event: string) =>
        rows.find((row) => row.variant === variant && row.event === event)?.n ?? 0;
      const variants = Object.fromEntries(
        TAGLINE_VARIANTS.map((variant): [TaglineVariant, VariantResult] => {
          const uniqueViews = find(uniques, variant, 'view');
          const uniqueClicks = find(uniques, variant, 'click');
          return [
            variant,
            { views: find(totals, variant, 'view'), uniqueViews, clicks: find(totals, variant, 'click'), uniqueClicks, conversionRate: conversionRate(uniqueClicks, uniqueViews) },
          ];
        }),
      ) as AbTestStats['variants'];
      return { variants, dateRange: { start, end } };
    },
  };
}

export type AbTestService = ReturnType<typeof createAbTestService>;
