import { randomBytes } from 'node:crypto';
import type { FreshMeetingLink } from '../../../shared/contracts/doctor.js';

/** Random bytes in a generated room name: 144 bits, far beyond guessing (brief: at least 96). */
const ROOM_BYTES = 18;

/** The default video meeting server (config MEET_BASE_URL). */
export const DEFAULT_MEET_BASE_URL = 'https://meet.jit.si';

/**
 * The link staff and the resident open for a stored Meet ID (spec section 2 /Prescription: "opens
 * the meeting id in a new tab"): an http(s) URL as it is, anything else as a room name on
 * `baseUrl` (percent-encoded, so a typed id cannot reach another path of the server).
 */
export function meetingUrlOf(meetingId: string, baseUrl: string): string {
  if (/^https?:\/\//i.test(meetingId)) return meetingId;
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(meetingId)}`;
}

/**
 * A fresh, unguessable room on `baseUrl` (issue 8: staff need not invent a Meet ID):
 * `SocietyDesk-<24 url-safe base64 characters>` from `crypto.randomBytes`. Nothing is stored; the
 * room becomes a consultation's Meet ID only when staff generate the link with it.
 */
export function freshMeetingLink(baseUrl: string): FreshMeetingLink {
  const meetingId = `SocietyDesk-${randomBytes(ROOM_BYTES).toString('base64url')}`;
  return { meetingId, meetingUrl: meetingUrlOf(meetingId, baseUrl) };
}
