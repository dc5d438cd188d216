/**
 * Which push services the server posts to. A subscription names the address the server will later
 * post to, so an endpoint outside this list is refused: the server must never be made to post to
 * an arbitrary address (an internal service, another site).
 *
 * An entry is a host name (`fcm.googleapis.com`), a wildcard for its subdomains
 * (`*.notify.windows.com`, which does not match `notify.windows.com` itself), or either with a
 * port (`127.0.0.1:8443`). Without a port only 443 is allowed. Only https endpoints are allowed.
 */
export const DEFAULT_PUSH_ALLOWED_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'updates.push.services.mozilla.com', // Firefox
  '*.notify.windows.com', // Edge on Windows (WNS)
  'web.push.apple.com', // Safari (macOS 13+, iOS 16.4+ home-screen apps)
] as const;

export type HostRule = { host: string; wildcard: boolean; port: string };
export type AllowedHosts = readonly HostRule[];

/** Parses a comma list (PUSH_ALLOWED_HOSTS); throws on an entry that cannot be a host. */
export function parseAllowedHosts(list: string | readonly string[]): AllowedHosts {
  const entries = (typeof list === 'string' ? list.split(',') : list).map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  return entries.map((entry) => {
    const match = /^(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:]+\])(?::(\d{1,5}))?$/.exec(entry);
    if (!match) throw new Error(`PUSH_ALLOWED_HOSTS: "${entry}" is not a host name, *.domain or host:port`);
    return { wildcard: Boolean(match[1]), host: match[2]!, port: match[3] ?? '443' };
  });
}

/** Why this endpoint may not be posted to, or null when it may. */
export function endpointRefusal(endpoint: string, allowed: AllowedHosts): 'https' | 'host' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'https';
  }
  if (url.protocol !== 'https:') return 'https';
  if (url.username || url.password) return 'host';
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  const ok = allowed.some((rule) => rule.port === port && (rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host));
  return ok ? null : 'host';
}
