import { randomBytes } from 'node:crypto';
import type { FreshMeetingLink } from '../../../shared/contracts/doctor.js';

/** Random bytes in a generated room name: 144 bits, far beyond guessing (brief: at least 96). */
const ROOM_BYTES = 18;

/** The default video meeting server (config MEET_BASE_URL). */
export const DEFAULT_MEET_BASE_URL = 'https://meet.jit.si';

/**
 * Where meeting links may point: the configured server (MEET_BASE_URL) and the hosts of
 * MEET_ALLOWED_HOSTS (lower-case `host[:port]`, https only). A link elsewhere would send residents
 * to any site in the dashboard's name.
 */
export interface MeetServers {
  baseUrl: string;
  allowedHosts: readonly string[];
}

/** `meetingId` is written as a link (http:// or https://, any case) rather than a room name. */
export function looksLikeLink(meetingId: string): boolean {
  return /^https?:\/\//i.test(meetingId);
}

/**
 * True when `link` is an https URL (or a URL with MEET_BASE_URL's own scheme) on MEET_BASE_URL's
 * host, or an https URL on one of `allowedHosts`; never with credentials (`user@`) in it.
 */
export function meetingLinkAllowed(link: string, servers: MeetServers): boolean {
  if (!URL.canParse(link)) return false;
  const url = new URL(link);
  if (url.username || url.password) return false;
  const base = new URL(servers.baseUrl);
  if (url.host === base.host && (url.protocol === base.protocol || url.protocol === 'https:')) return true;
  return url.protocol === 'https:' && servers.allowedHosts.includes(url.host);
}

/**
 * The link staff and the resident open for a stored Meet ID (spec section 2 /Prescription: "opens
 * the meeting id in a new tab"): a link on an allowed server ({@link meetingLinkAllowed}) as it
 * is, anything else — a room name, or a link stored before the allow-list — as a room name on
 * MEET_BASE_URL (percent-encoded, so a typed id cannot reach another path or host).
 */
export function meetingUrlOf(meetingId: string, servers: MeetServers): string {
  if (looksLikeLink(meetingId) && meetingLinkAllowed(meetingId, servers)) return meetingId;
  return `${servers.baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(meetingId)}`;
}

/**
 * A fresh, unguessable room on `baseUrl` (staff need not invent a Meet ID):
 * `SocietyDesk-<24 url-safe base64 characters>` from `crypto.randomBytes`. Nothing is stored; the
 * room becomes a consultation's Meet ID only when staff generate the link with it.
 */
export function freshMeetingLink(baseUrl: string): FreshMeetingLink {
  const meetingId = `SocietyDesk-${randomBytes(ROOM_BYTES).toString('base64url')}`;
  return { meetingId, meetingUrl: meetingUrlOf(meetingId, { baseUrl, allowedHosts: [] }) };
}
