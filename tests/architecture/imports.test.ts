import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.gen.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (match) => match[1] ?? match[2]!,
  );
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

  it('server platform code does not reach into features', () => {
    const features = readdirSync(path.join(root, 'src/server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
      .map((entry) => entry.name);
    for (const file of sourceFiles('src/server/platform').filter(production)) {
      if (file.endsWith('db/schema.ts')) continue; // the schema re-exports every feature's tables, by design
      for (const specifier of importsOf(file)) {
        const target = specifier.startsWith('.') ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier)) : specifier;
        for (const feature of features) expect(target.startsWith(`src/server/${feature}/`), `${file} imports ${specifier}`).toBe(false);
      }
    }
  });
});
