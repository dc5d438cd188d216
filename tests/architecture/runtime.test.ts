import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

describe('the runtime', () => {
  it('is Node 24 or later (Node 20 is end of life, and its zone rules are out of date)', () => {
    expect(Number(process.versions.node.split('.')[0]), process.version).toBeGreaterThanOrEqual(24);
  });

  it('is the one npm ci installs: the node package, .nvmrc and engines name the same version', () => {
    const pinned = manifest.dependencies.node!;
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe(pinned);
    expect(manifest.engines.node).toBe(`>=${pinned.split('.').slice(0, 2).join('.')}`);
    expect(process.version).toBe(`v${pinned}`);
  });
});
