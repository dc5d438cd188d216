import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ALLOWED_HOSTS, endpointRefusal, parseAllowedHosts } from './push-hosts.ts';

describe('push endpoints the server may post to', () => {
  const defaults = parseAllowedHosts(DEFAULT_PUSH_ALLOWED_HOSTS);

  it('allows the public browser push services by default, https on 443 only', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://wns2-by3p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/x',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ])
      expect(endpointRefusal(endpoint, defaults), endpoint).toBeNull();
  });

  it('refuses anything else', () => {
    expect(endpointRefusal('http://fcm.googleapis.com/x', defaults)).toBe('https');
    expect(endpointRefusal('not a url', defaults)).toBe('https');
    for (const endpoint of [
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://notify.windows.com/x',
      'https://x.notify.windows.com.evil.example/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://a:b@web.push.apple.com/x',
    ])
      expect(endpointRefusal(endpoint, defaults), endpoint).toBe('host');
  });

  it('reads PUSH_ALLOWED_HOSTS: names, *.domains and ports, and rejects what is not a host', () => {
    const rules = parseAllowedHosts(' push.example.com, *.Push.Example.org ,127.0.0.1:8443,');
    expect(rules).toEqual([
      { host: 'push.example.com', wildcard: false, port: '443' },
      { host: 'push.example.org', wildcard: true, port: '443' },
      { host: '127.0.0.1', wildcard: false, port: '8443' },
    ]);
    expect(endpointRefusal('https://127.0.0.1:8443/p', rules)).toBeNull();
    expect(endpointRefusal('https://a.push.example.org/p', rules)).toBeNull();
    expect(endpointRefusal('https://fcm.googleapis.com/p', rules)).toBe('host');
    expect(() => parseAllowedHosts('https://push.example.com')).toThrow(/PUSH_ALLOWED_HOSTS/);
    expect(() => parseAllowedHosts('*')).toThrow(/PUSH_ALLOWED_HOSTS/);
    expect(() => parseAllowedHosts('push.example.com/path')).toThrow(/PUSH_ALLOWED_HOSTS/);
  });
});
