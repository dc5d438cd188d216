import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The repository's root; every path below is relative to it, with forward slashes. */
export const root = path.resolve(import.meta.dirname, '../..');

/** One import or re-export: `from` imports `to` (a project file, or `package:<name>`). */
export type Edge = { from: string; to: string; specifier: string; typeOnly: boolean };

export const isTest = (file: string) => /\.test\.tsx?$/.test(file);

export function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.gen.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const IMPORT = /(?:^|\n)[ \t]*(import|export)(\s+type\b)?([^'";]*?)from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)[ \t]*import\s+['"]([^'"]+)['"]/g;

/** Where a specifier lands: a project file (resolved as Node and Vite resolve ours) or a package. */
export function resolveSpecifier(file: string, specifier: string): string {
  let base: string;
  if (specifier.startsWith('#')) base = path.join(root, 'src', specifier.slice(1));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(path.join(root, file)), specifier);
  else return `package:${specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]}`;
  if (specifier.startsWith('#tests/')) base = path.join(root, specifier.slice(1));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return path.relative(root, candidate);
  }
  return path.relative(root, base); // CSS, JSON, assets: kept as they are written
}

export function importsOf(file: string): Edge[] {
  return importsInText(file, readFileSync(path.join(root, file), 'utf8'));
}

export function importsInText(file: string, text: string): Edge[] {
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = match[4] ?? match[5] ?? match[6]!;
    // `import type {…}`, or a list whose every name is marked `type`, is erased when compiled.
    const names = match[3]?.match(/\{([^}]*)\}/)?.[1];
    const allNamesTypes = !!names && !/^\s*\w+\s*,/.test(match[3]!) && names.split(',').every((name) => !name.trim() || /^\s*type\s/.test(name));
    return { from: file, to: resolveSpecifier(file, specifier), specifier, typeOnly: !!match[2] || allNamesTypes };
  });
}

export function graphOf(files: string[]): Edge[] {
  return files.flatMap(importsOf);
}

/**
 * A file's place: its side (server, app, shared, sw, tests) and, in server and app, its folder
 * (a feature, `platform`, or app's `routes`, `shell`, `components`). Files directly in src/server
 * (app.ts, main.ts) are the composition root.
 */
export function placeOf(file: string): { side: string; folder: string | null } {
  const parts = file.split('/');
  if (parts[0] === 'src' && (parts[1] === 'server' || parts[1] === 'app')) return { side: parts[1], folder: parts.length > 3 ? parts[2]! : null };
  if (parts[0] === 'src') return { side: parts[1]!, folder: null };
  return { side: parts[0]!, folder: null };
}

/** Folders that are not features. */
const NOT_FEATURES: Record<string, string[]> = {
  server: ['platform'],
  app: ['platform', 'routes', 'components'],
};
export const isFeature = (side: string, folder: string | null) => folder !== null && !NOT_FEATURES[side]?.includes(folder);

/**
 * What another feature may import of a feature:
 * - server: its service (`*.service.ts`), or a read module it publishes for others' queries
 *   (`*.read.ts`); a `*.tables.ts` may also import another's tables, for foreign keys only;
 * - app: its `*.api.ts` (query keys, query options, mutations). Widgets two features use live in
 *   `src/app/components`.
 */
export function isPublicTo(importer: string, target: string): boolean {
  const { side } = placeOf(target);
  if (side === 'server') return /\.(service|read)\.ts$/.test(target) || (/\.tables\.ts$/.test(importer) && /\.tables\.ts$/.test(target));
  return /\.api\.ts$/.test(target);
}

export type Violation = { rule: string; edge: Edge };

const describe = (edge: Edge) => `${edge.from} imports ${edge.specifier}${edge.typeOnly ? ' (types only)' : ''}`;
export const explain = (violations: Violation[]) => violations.map(({ rule, edge }) => `${describe(edge)}\n    breaks: ${rule}`).join('\n');

export const RULES = {
  feature: "a feature reaches another feature only through its public modules (server: *.service.ts or *.read.ts, and *.tables.ts to *.tables.ts for foreign keys; app: *.api.ts; shared widgets in src/app/components)",
  repoBelowService: 'a repo is the bottom of its feature: it imports no service (announce or queue a job instead)',
  platform: 'platform code never imports a feature (or, in the app, components, shell or routes)',
  components: 'src/app/components hold shared widgets: they import platform, shared and features\' *.api.ts, never a feature\'s screens',
} as const;

export function boundaryViolations(edges: Edge[]): Violation[] {
  const found: Violation[] = [];
  for (const edge of edges) {
    if (isTest(edge.from)) continue;
    if (/\.repo\.ts$/.test(edge.from) && /\.service\.ts$/.test(edge.to)) {
      found.push({ rule: RULES.repoBelowService, edge });
      continue;
    }
    const from = placeOf(edge.from);
    const to = placeOf(edge.to);
    if (from.side !== to.side || (from.side !== 'server' && from.side !== 'app')) continue;
    if (from.folder === to.folder || to.folder === null) continue;
    if (from.folder === 'platform') {
      if (to.folder !== 'platform') found.push({ rule: RULES.platform, edge });
      continue;
    }
    if (from.side === 'app' && from.folder === 'routes') continue;
    else if (isFeature(to.side, to.folder) && from.folder !== null && !isPublicTo(edge.from, edge.to)) {
      found.push({ rule: from.folder === 'components' ? RULES.components : RULES.feature, edge });
    }
  }
  return found;
}

/** Every import cycle between project files (Tarjan's strongly connected components), each as its files and edges. */
export function cyclesOf(edges: Edge[]): { files: string[]; edges: Edge[] }[] {
  const next = new Map<string, Edge[]>();
  for (const edge of edges) {
    if (edge.to.startsWith('package:')) continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const { to } of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = (next.get(file) ?? []).some((edge) => edge.to === file);
      if (component.length > 1 || selfImport) components.push(component.sort());
    }
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return components.map((files) => ({ files, edges: files.flatMap((file) => (next.get(file) ?? []).filter((edge) => files.includes(edge.to))) }));
}

/** A cycle as a reader needs it: its files, and its edges with the type-only ones marked apart. */
export function explainCycle(cycle: { files: string[]; edges: Edge[] }): string {
  const runtime = cycle.edges.filter((edge) => !edge.typeOnly);
  const typeOnly = cycle.edges.filter((edge) => edge.typeOnly);
  return [
    `cycle between ${cycle.files.join(', ')}`,
    ...runtime.map((edge) => `    ${describe(edge)}`),
    ...(typeOnly.length ? ['  type-only edges in it (erased when compiled, still a circle to a reader):', ...typeOnly.map((edge) => `    ${describe(edge)}`)] : []),
  ].join('\n');
}

/** A write another feature's table would take: Drizzle's `db.insert(t)`, `.update(t)`, `.delete(t)`, or SQL over `${t}`. */
const writesTo = (name: string) =>
  new RegExp(String.raw`\.(?:insert|update|delete)\(\s*${name}\s*\)|\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*${name}\s*\}`, 'i');

export type ForeignWrite = { file: string; table: string; module: string; line: number };

/**
 * Writes a server feature makes to another feature's tables: the names it imports from another
 * feature's `*.read.ts` or `*.tables.ts` used as the target of an insert, update or delete
 * (decision 71: read modules are for joins and reads; writes go through the owner's service).
 */
export function foreignWrites(file: string, text: string): ForeignWrite[] {
  const { side, folder } = placeOf(file);
  if (side !== 'server' || !isFeature(side, folder) || isTest(file)) return [];
  const found: ForeignWrite[] = [];
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const module = resolveSpecifier(file, match[2]!);
    const owner = placeOf(module);
    if (owner.side !== 'server' || owner.folder === folder || !isFeature(owner.side, owner.folder) || !/\.(read|tables)\.ts$/.test(module)) continue;
    const names = match[1]!.split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!).filter(Boolean);
    for (const table of names) {
      const write = writesTo(table).exec(text);
      if (write) found.push({ file, table, module, line: text.slice(0, write.index).split('\n').length });
    }
  }
  return found;
}
