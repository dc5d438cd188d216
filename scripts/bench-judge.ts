// How the API bench's throughput and latency goals are judged on a machine whose speed varies
// (issue 33, "Goals that hold on a noisy machine"): against `GET /api/health` measured in the
// same run. A throughput goal of X req/s is the share X ÷ 20 000 of health's rate (2 000 req/s is
// 10 %); a p95 goal holds as written where health serves at least 15 000 req/s, and is scaled by
// 15 000 ÷ health's rate below that.
import os from 'node:os';

/** The health rate the absolute throughput goals were written for: 2 000 req/s = 10 % of it. */
export const HEALTH_RPS_OF_GOALS = 20_000;
/** At or above this health rate a p95 goal holds as written. */
export const HEALTH_RPS_FOR_P95 = 15_000;

/** 12 345 → "12 345" (a thin space between thousands, as the issue writes them). */
export const count = (n: number) => Math.round(n).toLocaleString('en').replaceAll(',', ' ');

export type Verdict = { pass: boolean; text: string };

export type Judge = {
  healthRps: number;
  /** `rps` against a goal of `goalRps` req/s, judged as a share of health. */
  rate(rps: number, goalRps: number): Verdict;
  /** The p95 goal in force on this run's machine. */
  p95GoalMs(goalMs: number): number;
  p95(p95Ms: number, goalMs: number): Verdict;
};

export function judgeOn(healthRps: number): Judge {
  const p95GoalMs = (goalMs: number) => (healthRps >= HEALTH_RPS_FOR_P95 ? goalMs : (goalMs * HEALTH_RPS_FOR_P95) / healthRps);
  return {
    healthRps,
    rate(rps, goalRps) {
      const share = (100 * rps) / healthRps;
      const goalShare = (100 * goalRps) / HEALTH_RPS_OF_GOALS;
      return { pass: share >= goalShare, text: `${count(rps)} req/s = ${share.toFixed(1)} % of health (goal ≥ ${goalShare.toFixed(0)} %)` };
    },
    p95GoalMs,
    p95(p95Ms, goalMs) {
      const scaled = p95GoalMs(goalMs);
      const goal = scaled === goalMs ? `goal ≤ ${goalMs} ms` : `goal ≤ ${goalMs} ms × 15 000 ÷ health = ${scaled.toFixed(0)} ms`;
      return { pass: p95Ms <= scaled, text: `p95 ${p95Ms.toFixed(1)} ms (${goal})` };
    },
  };
}

export const verdict = (...parts: Verdict[]) => (parts.every((part) => part.pass) ? 'PASS' : 'MISS');

/** What machine the run had, printed before any figure: the load average and health's rate. */
export function machineLine(healthRps: number): string {
  const [one, five] = os.loadavg();
  return (
    `Machine: ${os.cpus().length} cores, load average ${one!.toFixed(1)} (5 min: ${five!.toFixed(1)}); ` +
    `GET /api/health ${count(healthRps)} req/s in this run — goals are judged on shares of it ` +
    `(2 000 req/s = 10 %; p95 goals × 15 000 ÷ health below 15 000 req/s).`
  );
}
