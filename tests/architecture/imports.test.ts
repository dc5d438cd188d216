import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RULES,
  boundaryViolations,
  cyclesOf,
  explain,
  explainCycle,
  foreignWrites,
  graphOf,
  importsInText,
  importsOf as graphImports,
  root,
  sourceFiles,
  type Edge,
} from './import-graph.ts';

function importsOf(file: string): string[] {
  return graphImports(file).map((edge) => edge.specifier);
}

/** Where an import lands: one of the four sides, or a package. */
function sideOf(file: string, specifier: string): string {
  if (specifier.startsWith('#')) return specifier.slice(1).split('/')[0]!;
  if (specifier.startsWith('.')) {
    const target = path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier));
    if (target.startsWith('src/shared')) return 'shared';
    if (target.startsWith('src/server')) return 'server';
    if (target.startsWith('src/app')) return 'app';
    if (target.startsWith('sw')) return 'sw';
    if (target.startsWith('tests')) return 'tests';
    return 'other';
  }
  return `package:${specifier}`;
}

const production = (file: string) => !/\.test\.tsx?$/.test(file);
/** The one module that knows zone rules (docs/decisions/0066-zone-rules.md). */
const ZONE_RULES = 'src/shared/domain/time-zones.ts';

describe('import direction', () => {
  it('shared imports no side and no platform: only zod, and the zone rules their tzdb', () => {
    for (const file of sourceFiles('src/shared').filter(production)) {
      const allowed = file === ZONE_RULES ? ['shared', 'package:zod', 'package:moment-timezone'] : ['shared', 'package:zod'];
      for (const specifier of importsOf(file)) expect(allowed, `${file} imports ${specifier}`).toContain(sideOf(file, specifier));
    }
  });

  it('only the server knows zone rules: the app and the service worker show the times the server sends', () => {
    const clientSide = [...sourceFiles('src/app'), ...sourceFiles('sw'), ...sourceFiles('src/shared')].filter((file) => production(file) && file !== ZONE_RULES);
    for (const file of clientSide) {
      for (const specifier of importsOf(file)) {
        const target = specifier.startsWith('#') ? `src/${specifier.slice(1)}` : path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier));
        expect([target, specifier], `${file} imports ${specifier}`).not.toContain(ZONE_RULES);
        expect(specifier, file).not.toBe('moment-timezone');
      }
    }
  });

  it('the app never imports server code, and the server never imports the app', () => {
    for (const file of sourceFiles('src/app').filter(production)) {
      for (const specifier of importsOf(file)) expect(['server', 'tests', 'sw'], `${file} imports ${specifier}`).not.toContain(sideOf(file, specifier));
    }
    for (const file of sourceFiles('src/server').filter(production)) {
      for (const specifier of importsOf(file)) expect(['app', 'tests', 'sw'], `${file} imports ${specifier}`).not.toContain(sideOf(file, specifier));
    }
  });

  it('the service worker imports only shared code and Workbox', () => {
    for (const file of sourceFiles('sw').filter(production)) {
      for (const specifier of importsOf(file)) {
        const side = sideOf(file, specifier);
        expect(side === 'shared' || side === 'sw' || side.startsWith('package:workbox-'), `${file} imports ${specifier}`).toBe(true);
      }
    }
  });
});

const everyFile = () => [...sourceFiles('src'), ...sourceFiles('sw')];
const edge = (from: string, to: string, typeOnly = false): Edge => ({ from, to, specifier: to, typeOnly });

describe('features own their code and data (docs/decisions/0071-feature-boundaries.md)', () => {
  it('no import crosses a feature boundary', () => {
    const violations = boundaryViolations(graphOf(everyFile()));
    expect(violations, `Imports across a boundary:\n${explain(violations)}`).toEqual([]);
  });

  it("writes no other feature's tables: what a read module publishes is for joins and reads", () => {
    const writes = sourceFiles('src/server').flatMap((file) => foreignWrites(file, readFileSync(path.join(root, file), 'utf8')));
    expect(writes.map((write) => `${write.file}:${write.line} writes ${write.table} of ${write.module}`)).toEqual([]);
  });

  it('has no import cycle anywhere in src or sw (type-only edges are shown apart)', () => {
    const cycles = cyclesOf(graphOf(everyFile()).filter((edge) => !edge.from.startsWith('tests/')));
    expect(cycles.map(explainCycle).join('\n\n')).toBe('');
  });
});

describe('the boundary rules catch a planted violation of each', () => {
  const rulesBroken = (...edges: Edge[]) => boundaryViolations(edges).map((violation) => violation.rule);

  it("a server feature importing another's repo, tables, routes or helpers", () => {
    expect(rulesBroken(edge('src/server/browse/browse.repo.ts', 'src/server/profiles/photos.repo.ts'))).toEqual([RULES.feature]);
    expect(rulesBroken(edge('src/server/chat/chat.repo.ts', 'src/server/auth/auth.tables.ts'))).toEqual([RULES.feature]);
    expect(rulesBroken(edge('src/server/chat/chat.service.ts', 'src/server/bookings/bookings.routes.ts'))).toEqual([RULES.feature]);
    expect(rulesBroken(edge('src/server/demo/demo-members.ts', 'src/server/availability/slot-times.ts', true))).toEqual([RULES.feature]);
  });

  it("but not its service, its read module, a foreign key between tables, or the composition root's imports", () => {
    expect(
      rulesBroken(
        edge('src/server/chat/chat.service.ts', 'src/server/profiles/profiles.service.ts'),
        edge('src/server/browse/browse.repo.ts', 'src/server/profiles/photos.read.ts'),
        edge('src/server/chat/chat.tables.ts', 'src/server/auth/auth.tables.ts'),
        edge('src/server/app.ts', 'src/server/chat/chat.routes.ts'),
        edge('src/server/chat/chat.repo.ts', 'src/server/platform/db/client.ts'),
      ),
    ).toEqual([]);
  });

  it('a repo calling a service, even its own', () => {
    expect(rulesBroken(edge('src/server/bookings/bookings.repo.ts', 'src/server/push/push.service.ts'))).toEqual([RULES.repoBelowService]);
    expect(rulesBroken(edge('src/server/bookings/bookings.repo.ts', 'src/server/bookings/bookings.service.ts'))).toEqual([RULES.repoBelowService]);
  });

  it('platform code importing a feature, on either side', () => {
    expect(rulesBroken(edge('src/server/platform/db/client.ts', 'src/server/auth/auth.tables.ts'))).toEqual([RULES.platform]);
    expect(rulesBroken(edge('src/app/platform/query.ts', 'src/app/bookings/bookings.api.ts'))).toEqual([RULES.platform]);
    expect(rulesBroken(edge('src/app/platform/http.ts', 'src/app/components/location-field.tsx'))).toEqual([RULES.platform]);
  });

  it("an app feature importing another's screen or internals, and a shared widget importing a screen", () => {
    expect(rulesBroken(edge('src/app/auth/register-page.tsx', 'src/app/geo/location-field.tsx'))).toEqual([RULES.feature]);
    expect(rulesBroken(edge('src/app/shell/member-header.tsx', 'src/app/auth/session.ts'))).toEqual([RULES.feature]);
    expect(rulesBroken(edge('src/app/components/location-field.tsx', 'src/app/profiles/profile-page.tsx'))).toEqual([RULES.components]);
    expect(
      rulesBroken(
        edge('src/app/bookings/book-page.tsx', 'src/app/profiles/profiles.api.ts'),
        edge('src/app/bookings/book-page.tsx', 'src/app/components/venue-banners.tsx'),
        edge('src/app/routes/_member/browse.tsx', 'src/app/browse/browse-page.tsx'),
      ),
    ).toEqual([]);
  });

  it("a server feature writing another's table, through Drizzle or in SQL", () => {
    const found = (text: string) => foreignWrites('src/server/chat/chat.repo.ts', text).map((write) => `${write.table} of ${write.module} at line ${write.line}`);
    const reads = "import { users, discoverableSql as visible } from '../auth/auth.read.ts';\nimport { slots } from '../availability/availability.read.ts';\n";
    expect(found(`${reads}db.select().from(users).where(visible);\ndb.select().from(slots);`)).toEqual([]);
    expect(found(`${reads}await db.update(users).set({ score: 1 });`)).toEqual(['users of src/server/auth/auth.read.ts at line 3']);
    expect(found(`${reads}\n\nsql\`delete from \${slots} where true\`;`)).toEqual(['slots of src/server/availability/availability.read.ts at line 5']);
    expect(found(`import { chats } from './chat.tables.ts';\ndb.insert(chats).values({});`)).toEqual([]);
  });

  it('a cycle, with its type-only edges named apart', () => {
    const cycles = cyclesOf([
      edge('src/shared/api/a.ts', 'src/shared/api/b.ts'),
      edge('src/shared/api/b.ts', 'src/shared/api/c.ts', true),
      edge('src/shared/api/c.ts', 'src/shared/api/a.ts'),
      edge('src/shared/api/c.ts', 'src/shared/api/d.ts'),
    ]);
    expect(cycles.map((cycle) => cycle.files)).toEqual([['src/shared/api/a.ts', 'src/shared/api/b.ts', 'src/shared/api/c.ts']]);
    expect(explainCycle(cycles[0]!)).toMatch(/type-only edges in it[^]*b\.ts imports src\/shared\/api\/c\.ts \(types only\)/);
  });

  it('reads type-only imports as the compiler erases them', () => {
    const typeOnly = (line: string) => importsInText('src/server/platform/db/client.ts', line)[0]!.typeOnly;
    expect(typeOnly("import type { Db } from './db-types.ts';")).toBe(true);
    expect(typeOnly("import { type Db, type Tx } from './db-types.ts';")).toBe(true);
    expect(typeOnly("import { type Db, openDb } from './db-types.ts';")).toBe(false);
    expect(typeOnly("import Db, { type Tx } from './db-types.ts';")).toBe(false);
    expect(typeOnly("export type { Db, Tx } from './db-types.ts';")).toBe(true);
    expect(importsInText('src/app/main.tsx', "import './platform/ui/base.css';\nimport('./router.ts');").map((found) => found.specifier)).toEqual([
      './platform/ui/base.css',
      './router.ts',
    ]);
  });
});
