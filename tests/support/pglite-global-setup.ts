import { pgliteTemplateDump } from './pglite-template.ts';

/** The migrated PGlite dump is made once, before the test files that load it start at once. */
export default async function setup(): Promise<void> {
  await pgliteTemplateDump();
}
