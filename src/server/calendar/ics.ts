/**
 * An iCalendar (RFC 5545) text writer: no zone rules and no database, only what the caller gives.
 * Lines end with CRLF and are folded at 75 octets; TEXT values are escaped.
 */

/** A local date-time, "20261201T090000", in the zone `timeZone` names; or an instant, written in UTC. */
export type IcsDateTime = { timeZone: string; local: string } | { utc: Date };

/** One part of a VTIMEZONE: from the local time `start` (in the offset before it) the offset is `offsetTo`. */
export type IcsObservance = {
  kind: 'STANDARD' | 'DAYLIGHT';
  /** Local time of the onset, "20270314T020000", read in `offsetFrom`. */
  start: string;
  /** Minutes ahead of UTC before and after the onset. */
  offsetFrom: number;
  offsetTo: number;
  /** The zone's abbreviation after the onset ("PDT"); omitted when it has none. */
  name?: string;
};

export type IcsTimeZone = { id: string; observances: IcsObservance[] };

export type IcsEvent = {
  uid: string;
  stamp: Date;
  start: IcsDateTime;
  end: IcsDateTime;
  summary: string;
  location: string;
  description: string;
  url: string;
  sequence: number;
  status: 'CONFIRMED' | 'CANCELLED';
};

export type IcsCalendar = {
  /** PRODID: who wrote the file. */
  productId: string;
  /** A subscribed feed's name and how often calendar apps should ask again (minutes). */
  feed?: { name: string; refreshMinutes: number };
  timeZones: IcsTimeZone[];
  events: IcsEvent[];
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** Control characters a TEXT value cannot hold (RFC 5545 §3.3.11 allows tab; newlines are escaped). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A TEXT value as RFC 5545 §3.3.11 writes it: backslash, semicolon, comma and newlines escaped, other control characters left out. */
export function escapeText(value: string): string {
  return value
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded (RFC 5545 §3.1): no line longer than 75 octets, continuations starting
 * with one space, never splitting a UTF-8 character (a code point stays whole).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** An instant in UTC's basic format, "20261201T170000Z". */
export function utcText(instant: Date): string {
  return `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`;
}

/** A UTC offset in minutes as a UTC-OFFSET value: -420 is "-0700", 330 is "+0530". */
export function offsetValue(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(Math.round(minutes * 60));
  const seconds = whole % 60;
  return `${sign}${pad(Math.floor(whole / 3600))}${pad(Math.floor(whole / 60) % 60)}${seconds ? pad(seconds) : ''}`;
}

const dateTimeLine = (name: string, value: IcsDateTime) =>
  'utc' in value ? `${name}:${utcText(value.utc)}` : `${name};TZID=${value.timeZone}:${value.local}`;

function timeZoneLines(zone: IcsTimeZone): string[] {
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone.id}`,
    ...zone.observances.flatMap((part) => [
      `BEGIN:${part.kind}`,
      `DTSTART:${part.start}`,
      `TZOFFSETFROM:${offsetValue(part.offsetFrom)}`,
      `TZOFFSETTO:${offsetValue(part.offsetTo)}`,
      ...(part.name ? [`TZNAME:${escapeText(part.name)}`] : []),
      `END:${part.kind}`,
    ]),
    'END:VTIMEZONE',
  ];
}

function eventLines(event: IcsEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcText(event.stamp)}`,
    dateTimeLine('DTSTART', event.start),
    dateTimeLine('DTEND', event.end),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    // URL is a URI value, not TEXT: written as it is.
    `URL:${event.url}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR object, each line folded, CRLF after every line. */
export function writeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    ...(calendar.feed
      ? [
          `NAME:${escapeText(calendar.feed.name)}`,
          `X-WR-CALNAME:${escapeText(calendar.feed.name)}`,
          `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.feed.refreshMinutes}M`,
          `X-PUBLISHED-TTL:PT${calendar.feed.refreshMinutes}M`,
        ]
      : []),
    ...calendar.timeZones.flatMap(timeZoneLines),
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
