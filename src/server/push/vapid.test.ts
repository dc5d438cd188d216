import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { resolveVapidKeys, subjectFromMailFrom, VAPID_FILE } from './vapid.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR (readable by the owner only) and read back on every next start', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = resolveVapidKeys({ fromEnv: undefined, dataDir, subject: 'mailto:ops@example.com' });
    expect(first.source).toBe('generated');
    expect(statSync(path.join(dataDir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    const second = resolveVapidKeys({ fromEnv: undefined, dataDir, subject: 'mailto:ops@example.com' });
    expect(second).toEqual({ keys: first.keys, source: 'data-dir' });
    expect(JSON.parse(readFileSync(path.join(dataDir, VAPID_FILE), 'utf8')).privateKey).toBe(first.keys.privateKey);
  });

  it('come from the environment when given, and are checked', () => {
    const dataDir = tempDir();
    const pair = webpush.generateVAPIDKeys();
    const fromEnv = { ...pair, subject: 'https://rendezvous.example' };
    expect(resolveVapidKeys({ fromEnv, dataDir, subject: 'mailto:x@y.z' })).toEqual({ keys: fromEnv, source: 'environment' });
    expect(() => resolveVapidKeys({ fromEnv: { ...fromEnv, publicKey: 'abc' }, dataDir, subject: '' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => resolveVapidKeys({ fromEnv: { ...fromEnv, privateKey: pair.publicKey }, dataDir, subject: '' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => resolveVapidKeys({ fromEnv: { ...fromEnv, subject: 'ops@example.com' }, dataDir, subject: '' })).toThrow(/VAPID_SUBJECT/);
  });

  it('take their default subject from MAIL_FROM', () => {
    expect(subjectFromMailFrom('Rendezvous <no-reply@rendezvous.example>')).toBe('mailto:no-reply@rendezvous.example');
    expect(subjectFromMailFrom('ops@rendezvous.example')).toBe('mailto:ops@rendezvous.example');
  });
});
