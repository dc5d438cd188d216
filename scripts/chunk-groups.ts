// Which of the app's own modules vite.config.ts groups into shared chunks (decision 61), read from
// the sources' static imports: no group takes a module that loads zod (a member page without a form
// never downloads it, tests/e2e/no-zod.spec.ts), and the member pages' group takes nothing a public
// page loads (a visitor's /login never downloads member code).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const ALIASES: Record<string, string> = { '#app/': 'src/app/', '#shared/': 'src/shared/' };

/** A module's static imports (`import type` left out), resolved to files of src/, or 'zod'. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (specifier === 'zod') found.push('zod');
    const alias = Object.keys(ALIASES).find((prefix) => specifier!.startsWith(prefix));
    const target = alias
      ? path.join(ROOT, ALIASES[alias]!, specifier!.slice(alias.length))
      : specifier!.startsWith('.')
        ? path.resolve(path.dirname(file), specifier!)
        : null;
    if (target && existsSync(target)) found.push(target);
  }
  return found;
}

const reachesZodMemo = new Map<string, boolean>();
/** Whether loading the module loads zod (through any chain of static imports). */
function reachesZod(file: string): boolean {
  const known = reachesZodMemo.get(file);
  if (known !== undefined) return known;
  reachesZodMemo.set(file, false); // an import cycle adds nothing
  const answer = staticImports(file).some((dep) => dep === 'zod' || (/\.tsx?$/.test(dep) && reachesZod(dep)));
  reachesZodMemo.set(file, answer);
  return answer;
}

/** Every module a route file loads with it (static imports, through any chain). */
function reachableFrom(file: string, into = new Set<string>()): Set<string> {
  for (const dep of staticImports(file)) {
    if (dep === 'zod' || into.has(dep)) continue;
    into.add(dep);
    if (/\.tsx?$/.test(dep)) reachableFrom(dep, into);
  }
  return into;
}

const route = (name: string) => path.join(ROOT, 'src/app/routes', name);
const login = reachableFrom(route('_public/login.tsx'));
const register = reachableFrom(route('_public/register.tsx'));
const publicPages = new Set(['_public.tsx', 'about.tsx', 'careers.apply.tsx', 'privacy.tsx', 'terms.tsx', '$.tsx', '__root.tsx', ...['careers.index', 'forgot-password', 'index', 'login', 'register', 'reset-password'].map((page) => `_public/${page}.tsx`)].flatMap((name) => [...reachableFrom(route(name))]));

const file = (id: string) => id.replace(/\?.*$/, '');
const appModule = (id: string) => /[\\/]src[\\/](app|shared)[\\/]/.test(id) && !/[\\/]routes[\\/]/.test(id) && !reachesZod(file(id));

/** Each group's test: rolldown's `codeSplitting.groups[].test`. */
export const chunkGroups = {
  login: (id: string) => appModule(id) && login.has(file(id)),
  register: (id: string) => appModule(id) && register.has(file(id)),
  /** The platform and the API modules; not the outbox and live connection, which start after the first page (decision 46). */
  member: (id: string) => appModule(id) && !publicPages.has(file(id)) && /[\\/](platform[\\/](?!outbox|realtime)|shared[\\/])|\.api\.ts$/.test(id),
};
