/** Business constants (spec section 9). */
export const PAGE_SIZE = 10;
export const POST_PAGE_SIZE = 5;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const DRAWER_WIDTH = '40%';
export const ORDER_DRAWER_WIDTH = '45%';
/** Phone numbers are exactly 11 digits (spec section 9), e.g. 03001234567. */
export const PHONE_PATTERN = /^\d{11}$/;
/**
 * A society's emergency number (`society:emergency`): an 11-digit phone ({@link PHONE_PATTERN}) or
 * a short service number of 2 to 5 digits (15 police, 1122 rescue; docs/spec-deviations.md).
 */
export const EMERGENCY_PHONE_PATTERN = /^(?:\d{11}|\d{2,5})$/;
/** At most this many emergency contacts per society (`societies.emergency_contacts`). */
export const EMERGENCY_CONTACTS_MAX = 8;
/**
 * The bidirectional embedding/override (U+202A–U+202E) and isolate (U+2066–U+2069) controls: they
 * reorder the text shown after them, so every shown text refuses them (server/lib/input-guard.ts).
 */
export const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * The time zone (IANA name) of a society that names none (`societies.time_zone`'s default): dates
 * and times are shown in the society's zone, whatever the browser's.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Karachi';
/**
 * Every local storage key of the resident app (/app) starts with this ('sd.resident.token'). The
 * staff dashboard is served from the same origin, so both apps share one local storage: the
 * dashboard's Log Out leaves keys with this prefix alone (src/web/lib/preferences.ts), and the
 * resident app's sign-out removes only its own keys.
 */
export const RESIDENT_STORAGE_PREFIX = 'sd.resident.';
