/**
 * User-facing texts, verbatim from the spec (section 8 unless noted). Kept in one place so the
 * server's 4xx bodies and the browser's early checks say exactly the same thing.
 */
export const MSG = {
  loginFailed: 'Invalid email or password. Please try again.',
  loginThrottled: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  emailRequired: 'Email is required',
  emailInvalid: 'Provide a valid email address',
  passwordRequired: 'Password is required',
  /** Section 5: complaint and security resolve (the trailing space is the spec's). */
  responseAndCheckbox: 'Please check Response and Checkbox is enable! ',
  offline: 'You are currently offline',
  noNewRequests: 'No more new requests',
  redirectTitle: 'Re-directing',
  redirectBody: 'System is re-directing',
  notAvailable: 'This page is not available for your role.',
  notSignedIn: 'Please sign in.',
  notFound: 'Not found.',
  wrongStage: 'This request has already moved on. Refresh to see its current stage.',
  residentBlocked: 'Your account is blocked. Please contact your society office.',
  residentLoginFailed: 'Invalid phone or password.',
  successUpdated: 'Successfully updated!',
  guardAssigned: 'Guard Assigned',
  notHomeNotYours: 'This request is not yours.',
  notHomeOver: 'This request is already over.',
  /** Super-admin closing an alarm that was not escalated (issue 6 finding 8). */
  alarmNotEscalated: 'Super-admin can acknowledge only escalated alarms.',
  /** A resident pressing SOS more often than the rate limit allows (issue 6 finding 6). */
  sosTooMany: 'Your alarm has been received and the security team has been alerted. Please wait a moment before pressing again.',
  /** Any text input holding U+0000, which PostgreSQL cannot store (issue 6). */
  textNul: 'This text contains a NUL character (U+0000), which cannot be stored. Remove it and try again.',
  /** Any text input holding half of a UTF-16 surrogate pair: not valid Unicode (issue 6). */
  textBrokenCharacter: 'This text contains a broken character (an unpaired UTF-16 surrogate). Remove it and try again.',
} as const;

/** Push titles and bodies (spec section 7, "Push titles"). */
export const PUSH = {
  complaintReviewed: { title: 'Complain Reviewed', body: 'Complaint has been registered' },
  complaintResolved: { title: 'Complain Resolved', body: 'Complaint has been resolved' },
  securityOnTheWay: { title: 'Security team is on the way', body: 'Security team is on its way. You may receive a call soon.' },
  securityCompleted: { title: 'Security Completed', body: 'Security issue resolved.' },
  guardAssigned: { title: 'Guard Assigned', body: 'A guard has been assigned to your home while you are away.' },
} as const;

/** In-app notification records (spec section 7, "In-app notification records"). */
export const IN_APP = {
  complaintProceed: { title: 'COMPLAINT', description: 'Complaint has been registered' },
  complaintSubmit: { title: 'COMPLAINT', description: 'Complaint has been resolved' },
  securityProceed: { title: 'SECURITY', description: 'Security team is on its way. You may receive a call soon.' },
  securitySubmit: { title: 'SECURITY', description: 'Security issue resolved.' },
} as const;
