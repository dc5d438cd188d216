/**
 * Imports that still cross a feature boundary (import-graph.ts's rules), each to be removed as it
 * is fixed: the test fails on any crossing not listed here, and on a line listed here that no
 * longer exists, so this list only shrinks. Written `from -> to`, grouped by what fixing it needs.
 */
export const KNOWN_VIOLATIONS: readonly string[] = [
  // The score is cached on the member row (browse sorts by it through a partial index) and
  // refreshed from the ledger in the same statement; auth's service already awards points through
  // score's, so the write cannot go the other way without a cycle. Fixing it moves the score to a
  // table of score's own (a migration, and browse's index with it).
  'src/server/score/score.repo.ts -> src/server/auth/auth.tables.ts',
];
