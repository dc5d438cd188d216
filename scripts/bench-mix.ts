// The busy-evening part of `npm run bench` (`-- --only mix`): on a throw-away PostgreSQL holding the
// filled seed (100 000 members), the real server process answers the calls the app makes, from
// many signed-in members at once, in the proportions a session of the app produces (SESSION_MODEL
// below). wrk drives it: one connection per wrk thread, so each thread's Lua state sees its own
// request and response in turn and times every call; each request is a pre-generated line of a
// random signed-in member (reads) or the next unused line of its call (writes: each is sent once).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { keepEveryCard } from '../src/server/browse/browse.service.ts';
import { fillSeed } from '../src/server/demo/seed-filled.ts';
import { seedMembers } from '../src/server/demo/seed-members.ts';
import { openPostgres } from '../src/server/platform/db/client.ts';
import { folderStorage } from '../src/server/platform/storage.ts';
import { RELAXED_POLL_MS } from '../src/app/platform/realtime/realtime.store.ts';
import { THREAD_POLL_MS, UNREAD_MESSAGES_POLL_MS } from '../src/shared/domain/chat.ts';
import { INBOX_POLL_MS, UNREAD_COUNT_POLL_MS } from '../src/shared/domain/notifications.ts';
import { SCORE_MIN_TO_BOOK } from '../src/shared/domain/score.ts';
import { startServerProcess, type ServerProcess } from '../tests/support/e2e-server.ts';
import { startCluster } from '../tests/support/postgres-global-setup.ts';
import { BENCH_POSTGRES_SETTINGS, CONNECTIONS, cpuMeter, measure, percentile, printLoadTable, profiled, statementsClient, type Load, type Pids, type Row } from './bench-api.ts';
import { migratedDatabase } from './bench-bookings.ts';
import { count, judgeOn, machineLine, verdict } from './bench-judge.ts';
import { signIn } from './bench-members.ts';

const execFileAsync = promisify(execFile);
/** `BENCH_MIX_MEMBERS` only to try the part quickly on a smaller seed; the goal is for 100 000. */
const MEMBERS = Number(process.env.BENCH_MIX_MEMBERS ?? 100_000);
const GOALS = { requestsPerSecond: 2000, p95Ms: 50 };
/** As the API part: twice the cores plus one (PostgreSQL shares them). */
const POOL_SIZE = 2 * os.cpus().length + 1;
const RUNS = { warmUp: 2, measured: 10, settle: 1, counted: 3 };
/** Write lines are sized for this total rate (with a quarter more); past it a thread runs out, which the table reports. */
const SIZED_FOR_RPS = 6000;
/** A member sends at most 60 messages a minute (chat.service SEND_LIMIT): no sender gets more lines than this in the whole run. */
const SENDS_PER_MEMBER = 50;
const SIGNED_IN = { hosts: 1200, guests: 800 };
/** Read lines per call in each thread's file (each a random signed-in member and target). */
const READ_LINES = 40;
const SCHEDULE_LENGTH = 2000;
/** The app's calendar page asks for the current month and the next 12 (CALENDAR_MONTHS in src/app/availability/availability.api.ts). */
const CALENDAR_MONTHS = 13;

const MINUTE = 60_000;
/** Calls a minute of a poll: the app's interval, relaxed to RELAXED_POLL_MS while the live connection is up (the normal case). */
const polled = (intervalMs: number) => MINUTE / Math.max(intervalMs, RELAXED_POLL_MS);

/**
 * What one active member's minute of the app asks of the API. Polls come from the app's own
 * intervals; screen visits per minute are this model's assumptions about a busy evening (a
 * 10-minute session: 5 browse visits of 2 pages, 10 member pages, 3 threads open 2 minutes each
 * with 3 messages sent in each, the inbox twice, a booking request every 20 minutes, …).
 */
const VISITS = { browse: 0.5, availableDates: 0.25, member: 1, inbox: 0.2, bookings: 0.2, conversations: 0.3, thread: 0.3, book: 0.05, availability: 0.05, appStart: 0.1 };
const BROWSE_PAGES = 2;
const INBOX_OPEN_MINUTES = 1;
const THREAD_OPEN_MINUTES = 2;
const SENDS_PER_THREAD = 3;

type CallName =
  | 'unreadMessages' | 'unreadNotifications' | 'browse' | 'availableDates' | 'member' | 'likeStatus' | 'inbox' | 'myBookings'
  | 'conversations' | 'thread' | 'markRead' | 'send' | 'request' | 'respond' | 'calendar' | 'createSlot' | 'me';
type ModelRow = { name: CallName; call: string; perMinute: number; from: string; write?: boolean };

export const SESSION_MODEL: ModelRow[] = [
  { name: 'unreadMessages', call: 'GET /api/messages/unread-count', perMinute: polled(UNREAD_MESSAGES_POLL_MS), from: `header, every screen: every ${UNREAD_MESSAGES_POLL_MS / 1000} s, relaxed to ${RELAXED_POLL_MS / 1000} s` },
  { name: 'unreadNotifications', call: 'GET /api/users/notifications/unread-count', perMinute: polled(UNREAD_COUNT_POLL_MS), from: `header bell: every ${UNREAD_COUNT_POLL_MS / 1000} s, relaxed to ${RELAXED_POLL_MS / 1000} s` },
  { name: 'browse', call: 'GET /api/users/browse', perMinute: VISITS.browse * BROWSE_PAGES, from: `/browse: ${VISITS.browse} visits × ${BROWSE_PAGES} pages of 20` },
  { name: 'availableDates', call: 'GET /api/availability/browse', perMinute: VISITS.availableDates, from: `/browse, Available dates tab: ${VISITS.availableDates} visits` },
  { name: 'member', call: 'GET /api/users/{id}', perMinute: VISITS.member, from: `/user/{id}: ${VISITS.member} visits` },
  { name: 'likeStatus', call: 'GET /api/users/{id}/like-status', perMinute: VISITS.member, from: '/user/{id}: its like button' },
  { name: 'inbox', call: 'GET /api/users/notifications', perMinute: VISITS.inbox * (1 + INBOX_OPEN_MINUTES * polled(INBOX_POLL_MS)), from: `/notifications: ${VISITS.inbox} visits, open ${INBOX_OPEN_MINUTES} min, polled every ${INBOX_POLL_MS / 1000} s relaxed` },
  { name: 'myBookings', call: 'GET /api/bookings/my-bookings', perMinute: VISITS.bookings, from: `/bookings: ${VISITS.bookings} visits` },
  { name: 'conversations', call: 'GET /api/messages/conversations', perMinute: VISITS.conversations, from: `/messages: ${VISITS.conversations} visits` },
  { name: 'thread', call: 'GET /api/messages/conversation/{id}', perMinute: VISITS.thread * (1 + THREAD_OPEN_MINUTES * polled(THREAD_POLL_MS)), from: `/messages/{id}: ${VISITS.thread} opens, ${THREAD_OPEN_MINUTES} min each, polled every ${THREAD_POLL_MS / 1000} s relaxed` },
  { name: 'markRead', call: 'POST /api/messages/mark-read/{id}', perMinute: VISITS.thread, from: '/messages/{id}: once per open' },
  { name: 'send', call: 'POST /api/messages/send', perMinute: VISITS.thread * SENDS_PER_THREAD, from: `/messages/{id}: ${SENDS_PER_THREAD} messages per open`, write: true },
  { name: 'request', call: 'POST /api/bookings/request', perMinute: VISITS.book, from: `/book/{id}/{slot}: ${VISITS.book} requests`, write: true },
  { name: 'respond', call: 'POST /api/bookings/{id}/respond', perMinute: VISITS.book, from: '/bookings: every request answered (confirm or decline)', write: true },
  { name: 'calendar', call: 'GET /api/availability/my-calendar', perMinute: VISITS.availability * CALENDAR_MONTHS, from: `/availability: ${VISITS.availability} visits × ${CALENDAR_MONTHS} months` },
  { name: 'createSlot', call: 'POST /api/availability/create', perMinute: VISITS.availability, from: '/availability: one free time per visit', write: true },
  { name: 'me', call: 'GET /api/auth/me', perMinute: VISITS.appStart, from: `app start: ${VISITS.appStart} (one per 10-minute session)` },
];
const CALLS_PER_MEMBER_MINUTE = SESSION_MODEL.reduce((sum, row) => sum + row.perMinute, 0);

export function printSessionModel() {
  console.log(`\nThe session model: calls per active member-minute (${CALLS_PER_MEMBER_MINUTE.toFixed(2)} in all)\n`);
  console.log(`${'call'.padEnd(44)}${'per min'.padStart(8)}${'share'.padStart(8)}  from`);
  for (const row of SESSION_MODEL) {
    console.log(`${row.call.padEnd(44)}${row.perMinute.toFixed(2).padStart(8)}${`${((100 * row.perMinute) / CALLS_PER_MEMBER_MINUTE).toFixed(1)} %`.padStart(8)}  ${row.from}`);
  }
}

// ---- The members and what they act on ------------------------------------------------------------

type Member = { id: string; token: string };
type Targets = {
  members: Member[];
  /** Any seeded member, for member pages. */
  others: string[];
  /** Signed-in members with someone to chat with (an agreed date), and those partners. */
  chatting: { member: Member; partners: string[] }[];
  /** Pending requests to signed-in hosts, to answer. */
  pending: { host: Member; bookingId: string }[];
  /** Signed-in guests and free times they may ask for (each guest–host pair once, no request pending between them). */
  requestable: { guest: Member; slotId: string; venue: string }[];
  hosts: Member[];
};

async function targets(client: pg.Client): Promise<Targets> {
  const ids = async (text: string, values: unknown[] = []) => (await client.query<{ id: string }>(text, values)).rows.map((row) => row.id);
  // Hosts with requests to answer, and guests who can book (photo, score, an individual's full profile) and have someone to chat with.
  const hostIds = await ids(
    `select host_id as id from bookings where status = 'pending' and starts_at > now() + interval '1 day' group by host_id order by min(id::text) limit $1`,
    [SIGNED_IN.hosts],
  );
  const guestIds = await ids(
    `select u.id from users u
     where u.account_type = 'individual' and u.email_verified_at is not null and not u.is_banned and u.account_status = 'active' and u.score >= $1 and u.bio <> '' and cardinality(u.interests) > 0
       and exists (select 1 from photos p where p.user_id = u.id)
       and exists (select 1 from bookings b where b.guest_id = u.id and b.status in ('confirmed', 'completed'))
       and u.id <> all($2::uuid[])
     order by u.id limit $3`,
    [SCORE_MIN_TO_BOOK, hostIds, SIGNED_IN.guests],
  );
  const hosts = await signIn(client, hostIds);
  const guests = await signIn(client, guestIds);
  const members = [...hosts, ...guests];
  const byId = new Map(members.map((m) => [m.id, m]));

  // Member pages open from browse: members who saved no preferences, so any viewer may see them (GET /users/{id} answers 404 otherwise).
  const others = await ids(
    `select id from users where email_verified_at is not null and not is_banned and account_status = 'active'
       and pref_genders is null and pref_age_min is null and pref_age_max is null and pref_distance_km is null and pref_account_types is null
     order by random() limit 5000`,
  );
  const { rows: partnerRows } = await client.query<{ id: string; partner: string }>(
    `select m.id, case when b.host_id = m.id then b.guest_id else b.host_id end as partner
     from unnest($1::uuid[]) as m(id) join bookings b on (b.host_id = m.id or b.guest_id = m.id) and b.status in ('confirmed', 'completed')`,
    [members.map((m) => m.id)],
  );
  const partners = new Map<string, string[]>();
  for (const row of partnerRows) partners.set(row.id, [...(partners.get(row.id) ?? []), row.partner]);
  const chatting = [...partners].map(([id, list]) => ({ member: byId.get(id)!, partners: [...new Set(list)] }));

  const { rows: pendingRows } = await client.query<{ id: string; host_id: string }>(
    `select id, host_id from bookings where status = 'pending' and starts_at > now() + interval '1 day' and host_id = any($1::uuid[]) order by id`,
    [hostIds],
  );
  const pending = pendingRows.map((row) => ({ host: byId.get(row.host_id)!, bookingId: row.id }));

  // Free times with no booking at all, of hosts who saved no preferences (visible to everyone),
  // dealt to the guests in turn; a guest asks each host once.
  const { rows: slotRows } = await client.query<{ id: string; host_id: string; venue: string }>(
    `select s.id, s.host_id, s.venue from availability_slots s join users h on h.id = s.host_id
     where s.starts_at > now() + interval '1 day' and s.removed_at is null and s.confirmed_count < s.max_bookings
       and h.pref_genders is null and h.pref_age_min is null and h.pref_age_max is null and h.pref_distance_km is null and h.pref_account_types is null
       and not exists (select 1 from bookings b where b.slot_id = s.id)
     order by s.id limit $1`,
    [Math.ceil(SIZED_FOR_RPS * shareOf('request') * totalSeconds() * 1.25) * 2],
  );
  const { rows: pendingPairs } = await client.query<{ guest_id: string; host_id: string }>(
    `select guest_id, host_id from bookings where status = 'pending' and guest_id = any($1::uuid[])`,
    [guestIds],
  );
  const asked = new Set(pendingPairs.map((row) => `${row.guest_id}/${row.host_id}`));
  const requestable: Targets['requestable'] = [];
  let turn = 0;
  for (const slot of slotRows) {
    for (let tries = 0; tries < guests.length; tries += 1) {
      const guest = guests[turn++ % guests.length]!;
      const pair = `${guest.id}/${slot.host_id}`;
      if (guest.id === slot.host_id || asked.has(pair)) continue;
      asked.add(pair);
      requestable.push({ guest, slotId: slot.id, venue: slot.venue });
      break;
    }
  }
  return { members, others, chatting, pending, requestable, hosts };
}

// ---- Request lines ----------------------------------------------------------------------------------

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const shareOf = (name: CallName) => SESSION_MODEL.find((row) => row.name === name)!.perMinute / CALLS_PER_MEMBER_MINUTE;
const totalSeconds = () => RUNS.warmUp + RUNS.measured + RUNS.settle + RUNS.counted;

function httpLine(host: string, method: string, target: string, token: string, body?: unknown): string {
  // Non-ASCII characters as JSON escapes: the line stays ASCII, as Lua's string literals need.
  const json = body === undefined ? '' : JSON.stringify(body).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const headers = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, `Authorization: Bearer ${token}`];
  if (body !== undefined) headers.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(json)}`);
  else if (method === 'POST') headers.push('Content-Length: 0');
  const line = `${headers.join('\r\n')}\r\n\r\n${json}`;
  if (!/^[\x20-\x7e\r\n]*$/.test(line)) throw new Error(`a request line outside printable ASCII: ${line}`);
  return line;
}

function ymd(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** A fresh read line of `name`: a random signed-in member asking about a target of theirs. */
function readLine(host: string, name: CallName, t: Targets): string {
  const anyone = () => pick(t.members);
  const get = (target: string, member = anyone()) => httpLine(host, 'GET', target, member.token);
  switch (name) {
    case 'unreadMessages':
      return get('/api/messages/unread-count');
    case 'unreadNotifications':
      return get('/api/users/notifications/unread-count');
    case 'browse': {
      const minAge = 18 + Math.floor(Math.random() * 15);
      const page = 1 + Math.floor(Math.random() * BROWSE_PAGES);
      return get(`/api/users/browse?minScore=300&accountType=all&minAge=${minAge}&maxAge=${minAge + 20 + Math.floor(Math.random() * 27)}&gender=all&maxDistance=25&sortBy=distance&page=${page}&limit=20`);
    }
    case 'availableDates':
      return get('/api/availability/browse?dateType=all&sortBy=date&minScore=300&accountType=all&maxDistance=25&page=1&limit=20');
    case 'member':
      return get(`/api/users/${pick(t.others)}`);
    case 'likeStatus':
      return get(`/api/users/${pick(t.others)}/like-status`);
    case 'inbox':
      return get('/api/users/notifications');
    case 'myBookings':
      return get('/api/bookings/my-bookings?perspective=all&status=null');
    case 'conversations':
      return get('/api/messages/conversations');
    case 'thread': {
      const { member, partners } = pick(t.chatting);
      return get(`/api/messages/conversation/${pick(partners)}?limit=50`, member);
    }
    case 'markRead': {
      const { member, partners } = pick(t.chatting);
      return httpLine(host, 'POST', `/api/messages/mark-read/${pick(partners)}`, member.token);
    }
    case 'calendar': {
      const month = new Date(Date.now() + Math.floor(Math.random() * CALENDAR_MONTHS) * 31 * 86_400_000);
      return get(`/api/availability/my-calendar?month=${month.getUTCMonth() + 1}&year=${month.getUTCFullYear()}&_=${Date.now()}`);
    }
    case 'me':
      return get('/api/auth/me');
    default:
      throw new Error(`${name} is a write`);
  }
}

/** Every write line of the run, each to be sent once: `count` of `name`, or fewer when the seed has no more targets. */
function writeLines(host: string, name: CallName, wanted: number, t: Targets): string[] {
  switch (name) {
    case 'send': {
      const lines: string[] = [];
      const senders = t.chatting.slice(0, Math.ceil(wanted / SENDS_PER_MEMBER) + 1);
      for (let i = 0; i < wanted && i < senders.length * SENDS_PER_MEMBER; i += 1) {
        const { member, partners } = senders[i % senders.length]!;
        lines.push(httpLine(host, 'POST', '/api/messages/send', member.token, { recipientId: pick(partners), content: `See you soon (${i})`, clientId: randomUUID() }));
      }
      return lines;
    }
    case 'request':
      return t.requestable.slice(0, wanted).map(({ guest, slotId, venue }) =>
        httpLine(host, 'POST', '/api/bookings/request', guest.token, {
          availabilityId: slotId,
          requestMessage: 'Would love to meet you there.',
          proposedVenue: { name: venue, address: '', type: 'cafe', priceRange: '$$' },
          paymentResponsibility: { paidBy: 'requester' },
        }),
      );
    case 'respond':
      return t.pending.slice(0, wanted).map(({ host: member, bookingId }, i) =>
        httpLine(host, 'POST', `/api/bookings/${bookingId}/respond`, member.token, { action: i % 2 ? 'decline' : 'confirm', responseMessage: i % 2 ? 'Sorry, not this time.' : 'See you there!' }),
      );
    case 'createSlot':
      // Far ahead of the seed's free times, a day apart for each host: never overlapping.
      return Array.from({ length: Math.min(wanted, t.hosts.length * 100) }, (_, i) =>
        httpLine(host, 'POST', '/api/availability/create', t.hosts[i % t.hosts.length]!.token, {
          date: ymd(120 + Math.floor(i / t.hosts.length)),
          startTime: '18:00',
          endTime: '19:30',
          dateType: 'drinks',
          venue: 'The Fictional Taproom',
          maxBookings: 1,
        }),
      );
    default:
      throw new Error(`${name} is a read`);
  }
}

/** Each thread's order of calls: the model's exact proportions over SCHEDULE_LENGTH requests, shuffled. */
function schedule(): number[] {
  const exact = SESSION_MODEL.map((row) => (row.perMinute / CALLS_PER_MEMBER_MINUTE) * SCHEDULE_LENGTH);
  const counts = exact.map(Math.floor);
  const byRemainder = exact.map((value, i) => [value - Math.floor(value), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; counts.reduce((a, b) => a + b, 0) < SCHEDULE_LENGTH; k += 1) counts[byRemainder[k]![1]]! += 1;
  const order = counts.flatMap((n, i) => Array.from({ length: n }, () => i + 1));
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

// ---- wrk ----------------------------------------------------------------------------------------------

const luaString = (text: string) => JSON.stringify(text);

/** The script every thread runs; thread N loads its own lines from thread-N.lua in `dir`. */
const mixScript = (dir: string, calls: number) => `
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } mix_timespec;
int clock_gettime(int clock, mix_timespec *tp);
]]
local ts = ffi.new("mix_timespec")
local function now_us()
  ffi.C.clock_gettime(1, ts)
  return tonumber(ts.tv_sec) * 1000000 + tonumber(ts.tv_nsec) / 1000
end

local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

local order, lines, writes, used, step, current, started
-- Flat tables only: wrk's thread:get crashes copying nested ones. samples: call (negative when
-- the answer was not 2xx), then its latency in µs; exhausted: per call, lines wanted but used up.
samples, exhausted, statuses = {}, {}, {}

function init(args)
  local data = dofile(${luaString(dir)} .. "/thread-" .. id .. ".lua")
  order, lines, writes = data.order, data.lines, data.writes
  used, step = {}, 0
  for c = 1, ${calls} do exhausted[c], used[c] = 0, 0 end
  math.randomseed(id * 7919 + os.time())
end

function request()
  for _ = 1, #order do
    step = step % #order + 1
    local c = order[step]
    local pool = lines[c]
    local line
    if writes[c] then
      if used[c] < #pool then
        used[c] = used[c] + 1
        line = pool[used[c]]
      else
        exhausted[c] = exhausted[c] + 1
      end
    else
      line = pool[math.random(#pool)]
    end
    if line then
      current, started = c, now_us()
      return line
    end
  end
end

function response(status, headers, body)
  local n = #samples
  local ok = status >= 200 and status <= 299
  samples[n + 1] = ok and current or -current
  if not ok then statuses[#statuses + 1] = current * 1000 + status end
  samples[n + 2] = math.floor(now_us() - started)
end

function done(summary, _, _)
  local out = io.open(${luaString(dir)} .. "/result.txt", "w")
  local e = summary.errors
  out:write(string.format("SUMMARY %d %d\\n", summary.duration, e.connect + e.read + e.write + e.timeout))
  for _, thread in ipairs(threads) do
    local s, x, f = thread:get("samples"), thread:get("exhausted"), thread:get("statuses")
    out:write("EXHAUSTED ", table.concat(x, " "), "\\n")
    if #f > 0 then out:write("STATUSES ", table.concat(f, " "), "\\n") end
    for i = 1, #s, 2 do out:write(s[i], " ", s[i + 1], "\\n") end
  end
  out:close()
end
`;

type CallResult = { latenciesMs: number[]; bad: number; exhausted: number; statuses: Map<number, number> };
type MixRun = { seconds: number; socketErrors: number; calls: CallResult[] };

/** Writes each thread's lines for one run (reads: fresh random ones; writes: the thread's share of `writes`, used once). */
function writeThreadFiles(dir: string, host: string, t: Targets, writes: Map<CallName, string[]>) {
  for (let thread = 1; thread <= CONNECTIONS; thread += 1) {
    const lines = SESSION_MODEL.map((row) => {
      const pool = row.write ? writes.get(row.name)!.filter((_, i) => i % CONNECTIONS === thread - 1) : Array.from({ length: READ_LINES }, () => readLine(host, row.name, t));
      return `{${pool.map(luaString).join(',')}}`;
    });
    const isWrite = SESSION_MODEL.map((row) => String(Boolean(row.write)));
    writeFileSync(path.join(dir, `thread-${thread}.lua`), `return { order = {${schedule().join(',')}}, writes = {${isWrite.join(',')}}, lines = {\n${lines.join(',\n')}\n} }\n`);
  }
}

async function runMix(server: ServerProcess, t: Targets, writes: Map<CallName, string[]>, seconds: number): Promise<MixRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-bench-mix-'));
  try {
    writeThreadFiles(dir, `127.0.0.1:${server.port}`, t, writes);
    const script = path.join(dir, 'mix.lua');
    writeFileSync(script, mixScript(dir, SESSION_MODEL.length));
    await execFileAsync(
      'wrk',
      ['--threads', String(CONNECTIONS), '--connections', String(CONNECTIONS), '--duration', `${seconds}s`, '--timeout', '10s', '--script', script, server.url],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const text = readFileSync(path.join(dir, 'result.txt'), 'utf8');
    const summary = /SUMMARY (\d+) (\d+)/.exec(text)!;
    const calls: CallResult[] = SESSION_MODEL.map(() => ({ latenciesMs: [], bad: 0, exhausted: 0, statuses: new Map<number, number>() }));
    for (const line of text.split('\n')) {
      const [first, ...rest] = line.split(' ');
      if (first === 'EXHAUSTED') rest.forEach((n, c) => (calls[c]!.exhausted += Number(n)));
      else if (first === 'STATUSES') {
        for (const code of rest.map(Number)) {
          const { statuses } = calls[Math.floor(code / 1000) - 1]!;
          statuses.set(code % 1000, (statuses.get(code % 1000) ?? 0) + 1);
        }
      }
      else if (first && /^-?\d+$/.test(first)) {
        const call = calls[Math.abs(Number(first)) - 1]!;
        call.latenciesMs.push(Number(rest[0]) / 1000);
        if (Number(first) < 0) call.bad += 1;
      }
    }
    return { seconds: Number(summary[1]) / 1e6, socketErrors: Number(summary[2]), calls };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** This run's write lines, taken off the front of each call's pool (a line is never sent twice). */
function takeWrites(pools: Map<CallName, string[]>, seconds: number): Map<CallName, string[]> {
  const taken = new Map<CallName, string[]>();
  for (const [name, pool] of pools) taken.set(name, pool.splice(0, Math.ceil(SIZED_FOR_RPS * shareOf(name) * seconds * 1.25) + CONNECTIONS));
  return taken;
}

function loadOf(result: CallResult, seconds: number): Load {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const ok = sorted.length - result.bad;
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: ok / seconds, ok, failed: result.bad };
}

async function trackStatements(db: pg.Client, on: boolean) {
  await db.query(`alter system set pg_stat_statements.track = '${on ? 'top' : 'none'}'`);
  await db.query('select pg_reload_conf()');
}

export async function benchMix() {
  console.log(
    `\nBusy evening: the app's calls from many signed-in members at once, ${CONNECTIONS} connections (wrk, one per thread), ` +
      `${RUNS.measured} s after a ${RUNS.warmUp} s warm-up, on the filled seed of ${MEMBERS.toLocaleString('en')} members.`,
  );
  printSessionModel();
  const cluster = await startCluster({ settings: BENCH_POSTGRES_SETTINGS });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rendezvous-bench-mix-data-'));
  let server: ServerProcess | null = null;
  let client: pg.Client | null = null;
  try {
    const databaseUrl = await migratedDatabase(cluster.url, 'rendezvous_bench_mix');
    const database = openPostgres(databaseUrl);
    process.stdout.write(`\nSeeding ${MEMBERS.toLocaleString('en')} members, filled…`);
    const seedStarted = performance.now();
    const run = await seedMembers(database.db, { count: MEMBERS });
    mkdirSync(path.join(dataDir, 'photos'), { recursive: true });
    await fillSeed(database.db, folderStorage(path.join(dataDir, 'photos')), run);
    console.log(` ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    // An evening under way: every member's browse card has been read and kept (decision 85); the
    // mix's own writes make some of them untrue again as it runs.
    const keepStarted = performance.now();
    const kept = await keepEveryCard(database.db, new Date());
    console.log(`Kept ${kept.toLocaleString('en')} browse cards, as an evening of browsing would have, in ${((performance.now() - keepStarted) / 1000).toFixed(1)} s.`);
    await database.close();

    client = await statementsClient(databaseUrl);
    const t = await targets(client);
    await client.query('analyze sessions');
    server = await startServerProcess({ env: { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(POOL_SIZE), LOG_LEVEL: 'info' }, dataDir, quiet: true, ...profiled });
    const pids: Pids = { server: server.child.pid!, postmaster: cluster.pid };
    const host = `127.0.0.1:${server.port}`;
    const wanted = (name: CallName) => Math.ceil(SIZED_FOR_RPS * shareOf(name) * totalSeconds() * 1.25) + 4 * CONNECTIONS;
    const pools = new Map<CallName, string[]>(
      SESSION_MODEL.filter((row) => row.write).map((row) => [row.name, writeLines(host, row.name, wanted(row.name), t)]),
    );
    console.log(
      `${t.members.length.toLocaleString('en')} members signed in (${t.hosts.length} hosts with requests to answer, ${t.chatting.length} with someone to chat with); ` +
        `write lines: ${[...pools].map(([name, lines]) => `${name} ${lines.length}`).join(', ')}.`,
    );

    const health = await measure(`${server.url}/api/health`, null, { pids });
    const judge = judgeOn(health.rps);
    console.log(machineLine(health.rps));

    await runMix(server, t, takeWrites(pools, RUNS.warmUp), RUNS.warmUp);
    const cpu = await cpuMeter(pids);
    const measured = await runMix(server, t, takeWrites(pools, RUNS.measured), RUNS.measured);
    const requests = measured.calls.reduce((sum, call) => sum + call.latenciesMs.length, 0);
    const mixCpu = await cpu.perRequest(requests);
    // The statements per request, counted in a short run of their own (tracking them costs CPU).
    await trackStatements(client, true);
    await runMix(server, t, takeWrites(pools, RUNS.settle), RUNS.settle);
    const counter = await cpuMeter(pids, client);
    const counted = await runMix(server, t, takeWrites(pools, RUNS.counted), RUNS.counted);
    const { statements, byStatement } = await counter.perRequest(counted.calls.reduce((sum, call) => sum + call.latenciesMs.length, 0));
    await trackStatements(client, false);

    const loads = measured.calls.map((call) => loadOf(call, measured.seconds));
    const rows: Row[] = [{ call: 'GET /api/health (alone, first)', load: health, goal: '', result: '(reference)' }];
    let allPass = true;
    for (const [i, row] of SESSION_MODEL.entries()) {
      const load = loads[i]!;
      const p95 = judge.p95(load.p95, GOALS.p95Ms);
      const exhausted = measured.calls[i]!.exhausted;
      const pass = p95.pass && load.failed === 0 && exhausted === 0;
      allPass &&= pass;
      const answered = [...measured.calls[i]!.statuses].map(([status, n]) => `${n} × ${status}`).join(', ');
      const notes = [`${load.failed} non-2xx${answered ? `: ${answered}` : ''}`, ...(exhausted ? [`${exhausted} skipped: no write line left`] : [])];
      rows.push({ call: row.call, load, goal: `p95 ≤ ${judge.p95GoalMs(GOALS.p95Ms).toFixed(0)} ms, no error`, result: `${pass ? 'PASS' : 'MISS'} (${notes.join(', ')})` });
    }
    const all = measured.calls.flatMap((call) => call.latenciesMs).sort((a, b) => a - b);
    const failed = measured.calls.reduce((sum, call) => sum + call.bad, 0) + measured.socketErrors;
    const total: Load = { p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99), rps: (all.length - failed) / measured.seconds, ok: all.length - failed, failed, cpu: { ...mixCpu, statements, byStatement } };
    const rate = judge.rate(total.rps, GOALS.requestsPerSecond);
    rows.push({
      call: 'the whole mix',
      load: total,
      goal: `≥ ${count(GOALS.requestsPerSecond)} req/s`,
      result: `${verdict(rate, { pass: allPass && failed === 0, text: '' })}: ${rate.text}; every call's p95 and errors ${allPass && failed === 0 ? 'PASS' : 'MISS'}`,
    });
    printLoadTable(`The busy evening on PostgreSQL: ${MEMBERS.toLocaleString('en')} members, filled; the server's pool DATABASE_POOL_SIZE=${POOL_SIZE}`, rows);

    const activeMembers = (total.rps * 60) / CALLS_PER_MEMBER_MINUTE;
    console.log(
      `\n${count(total.rps)} req/s at ${CALLS_PER_MEMBER_MINUTE.toFixed(2)} calls per active member-minute = ${count(activeMembers)} active members ` +
        `(socket errors: ${measured.socketErrors}; load average now ${os.loadavg()[0]!.toFixed(1)}).`,
    );
    console.log(`one ${os.cpus().length}-core machine serves about ${count(Math.round(activeMembers / 100) * 100)} active members`);
  } finally {
    await client?.end();
    await server?.stop();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
