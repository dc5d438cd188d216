import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './import-graph.ts';

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/**
 * Packages used without being named in quotes in our code: the runtime and the compilers, and
 * peers another package requires us to install (@testing-library/react's DOM library,
 * vite-plugin-pwa's Workbox build).
 */
const USED_BY_NAME = new Set(['node', 'typescript', '@testing-library/dom', 'workbox-build']);

function textsOf(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js|sh)$/.test(entry.name))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

describe('dependencies', () => {
  it('every package in package.json is used: imported, required or run by name somewhere in the project', () => {
    const texts = [...['src', 'sw', 'tests', 'scripts'].flatMap(textsOf), readFileSync(path.join(root, 'vite.config.ts'), 'utf8'), JSON.stringify(manifest.scripts)];
    const mentioned = (name: string) => texts.some((text) => text.includes(`'${name}'`) || text.includes(`"${name}"`) || text.includes(`'${name}/`) || text.includes(`"${name}/`));
    const unused = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
      (name) => !name.startsWith('@types/') && !USED_BY_NAME.has(name) && !mentioned(name),
    );
    expect(unused).toEqual([]);
  });
});
