/**
 * User-facing texts, verbatim from the spec (section 8 unless noted). Kept in one place so the
 * server's 4xx bodies and the browser's early checks say exactly the same thing.
 *
 * The texts the dashboard's initial load shows (sign-in guard, offline screen, error boundaries,
 * busy notice) live in ./shell-messages and are spread in here: the shell imports that small
 * module alone, so the rest of these texts stay in the lazy screens' chunks (ADR 0006).
 */
import { SHELL_MSG } from './shell-messages.js';

export const MSG = {
  ...SHELL_MSG,
  loginFailed: 'Invalid email or password. Please try again.',
  loginThrottled: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  /** Every staff route but who-am-I and the password change, while the password is a temporary one. */
  changeTemporaryPassword: 'Please change your temporary password.',
  /** PUT /api/society/me/password with a wrong current password. */
  currentPasswordWrong: 'The current password is not right.',
  /** PUT /api/society/me/password with the same password again. */
  passwordUnchanged: 'Choose a password other than the current one.',
  /** A temporary password past TEMP_PASSWORD_HOURS (said only when the password itself was right). */
  temporaryPasswordExpired: 'This temporary password has expired. Ask your administrator for a new one.',
  /** A resident's temporary password (a staff reset) past TEMP_PASSWORD_HOURS (said only when the password itself was right). */
  residentTemporaryPasswordExpired: 'This temporary password has expired. Ask your society office for a new one.',
  /**
   * Every resident route but the profile, the society read, the password change and sign-out,
   * while the resident signs in with a temporary password (a staff reset).
   */
  residentChangeTemporaryPassword: 'Please change your temporary password first.',
  /** /Staff: a super-admin acting on their own account (My account is the place for it). */
  staffSelf: 'You cannot change your own account here. Use My account.',
  /** /Staff: the change would leave the society without an enabled super-admin. */
  staffLastSuperAdmin: 'The society must keep at least one enabled super-admin.',
  staffEmailTaken: 'A staff member with this email already exists.',
  staffNameRequired: 'Name is required',
  staffNothingToChange: 'Send a sub-role or disabled.',
  staffNotFound: 'No such staff member.',
  twoFactorCodeRequired: 'Enter the code from your authenticator app.',
  twoFactorCodeWrong: 'That code is not right. Try the current code, or a recovery code.',
  twoFactorChallengeGone: 'This sign-in has expired. Please sign in again.',
  /** Every staff route but the member's own account, for a super-admin of a society that requires two-factor and has none. */
  twoFactorRequired: 'Your society requires two-factor sign-in. Please turn it on in My account.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on. Turn it off first to use a new device.',
  twoFactorNotStarted: 'Start two-factor setup first.',
  /** POST /api/society/me/2fa/confirm after too many wrong codes (429, Retry-After). */
  twoFactorConfirmThrottled: 'Too many wrong codes. Please wait a few minutes and try again.',
  twoFactorRequiredBySociety: 'Your society requires two-factor sign-in for super-admins, so it cannot be turned off.',
  twoFactorOwnFirst: 'Turn on two-factor sign-in for your own account first.',
  /** /Logo: Upload without an image chosen (or with something that is not one of the society's uploads). */
  logoChooseImage: 'Please choose an image.',
  emailRequired: 'Email is required',
  emailInvalid: 'Provide a valid email address',
  passwordRequired: 'Password is required',
  /** Section 5: complaint and security resolve (the trailing space is the spec's). */
  responseAndCheckbox: 'Please check Response and Checkbox is enable! ',
  noNewRequests: 'No more new requests',
  redirectTitle: 'Re-directing',
  redirectBody: 'System is re-directing',
  /** A staff sign-in over plain http in production, whose Secure session cookie the browser would drop. */
  httpsRequired:
    'Sign-in needs HTTPS: this dashboard was opened over plain http, so the browser would drop the session cookie. Open it at its https:// address (set-up: docs/deploy.md).',
  /** A staff write (POST/PUT/PATCH/DELETE) sent from a page of another site or origin. */
  crossSiteRequest: 'This request came from a page outside Society Desk and was refused. Open the dashboard at its own address and try again.',
  /** The database is away (a restart, a failover): the client retries. */
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  /** An Idempotency-Key header that is empty, too long or has characters outside visible ASCII. */
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  /** The same Idempotency-Key sent again with a different request (method, address or body). */
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request. Use a new key for a new request.',
  /** A retry that arrived while the first request with its Idempotency-Key is still running. */
  idempotencyKeyInProgress: 'This request is still being handled. Please try again in a moment.',
  /** Admission control refused the request (the instance is saturated; alarms still go through). */
  busy: 'The server is busy. Please try again in a moment.',
  wrongStage: 'This request has already moved on. Refresh to see its current stage.',
  /**
   * A request let in with a cached session whose account changed since (a new sub-role) in a way
   * that still lets it in: nothing was done, and the retry is read with the new access.
   */
  sessionChanged: 'Your access has just changed. Nothing was saved. Please try again.',
  residentBlocked: 'Your account is blocked. Please contact your society office.',
  residentLoginFailed: 'Invalid phone or password.',
  successUpdated: 'Successfully updated!',
  guardAssigned: 'Guard Assigned',
  notHomeNotYours: 'This request is not yours.',
  notHomeOver: 'This request is already over.',
  /** Super-admin closing an alarm that was not escalated. */
  alarmNotEscalated: 'Super-admin can acknowledge only escalated alarms.',
  /** SOS drills: a second start while one runs, a screen reporting to an ended drill. */
  drillRunning: 'A drill is already running in your society. End it before starting another.',
  drillEnded: 'This drill has ended.',
  drillRingLate: 'This drill started over a day ago: a screen ringing now is not recorded.',
  /** A resident pressing SOS more often than the rate limit allows. */
  sosTooMany: 'Your alarm has been received and the security team has been alerted. Please wait a moment before pressing again.',
  /** Any text input holding U+0000, which PostgreSQL cannot store. */
  textNul: 'This text contains a NUL character (U+0000), which cannot be stored. Remove it and try again.',
  /** Spec section 8: a failed order save (grocery). */
  orderSaveFailed: 'An error occurred while processing your request.',
  /** Spec section 8: doctor link and prescription checks. */
  fillRequired: 'Please fill the required fields',
  /** A Meet ID written as a link to a host other than MEET_BASE_URL's or MEET_ALLOWED_HOSTS. */
  meetingLinkHost: "This meeting link is not on the society's meeting server. Enter a room name, or a link on the configured meeting server.",
  /** An order that was delivered cannot change. */
  orderDelivered: 'This order has been delivered and can no longer change.',
  /** An order needs at least one line (the spec's drawer had no check). */
  orderNoItems: 'Add at least one item to the order.',
  /** Prescriptions are readable only by the society's doctor desk and the resident. */
  prescriptionPrivate: 'Prescriptions are visible only to the doctor desk and the patient.',
  /** Any text input holding half of a UTF-16 surrogate pair: not valid Unicode. */
  textBrokenCharacter: 'This text contains a broken character (an unpaired UTF-16 surrogate). Remove it and try again.',
  /** Any shown text holding a bidirectional control (U+202A–U+202E, U+2066–U+2069), which can disguise what is displayed. */
  textBidiControl:
    'This text contains an invisible direction-override character (U+202A–U+202E or U+2066–U+2069) that can disguise what is shown. Remove it and try again.',
  /** Billing (spec sections 5, 8). */
  billExists: 'This resident already has a bill for this period.',
  billSaved: 'Bill saved.',
  billImportSubmitted: 'Successfully Submit.',
  billImportNoFile: 'Choose a spreadsheet (.xlsx or .xls) to upload in the field "file".',
  billImportNotSpreadsheet: 'The file is not an Excel spreadsheet (.xlsx or .xls).',
  billImportUnreadable: 'The spreadsheet could not be read. Save it again as .xlsx and retry.',
  /** Shown above an import preview when cells had direction controls removed (the count goes in front). */
  billImportBidiRemoved:
    'cell(s) contained invisible direction-override characters (U+202A–U+202E or U+2066–U+2069); they were removed, so the text shown is the text stored.',
  billImportNoSheet1: 'The spreadsheet has no sheet named Sheet1.',
  billImportTooLarge: 'The file is larger than 10 MB.',
  billImportTooManyRows: 'Sheet1 has more than 20,000 rows. Split the file and import each part.',
  billImportNoHeader: 'The first row of Sheet1 must name the columns Address and Units (Name, Block, Index and Rate are optional).',
  billImportNotFound: 'This import does not exist. Upload the file again.',
  billImportUnpacksTooLarge:
    'The spreadsheet unpacks to more than 64 MB (a compressed "zip bomb", or far more than 20,000 rows of data). Save only Sheet1 again as .xlsx and retry.',
  billImportTooManyColumns: 'Sheet1 has more than 50 columns. Keep Address and Units (and Name, Block, Index, Rate if used) and import again.',
  billImportCellTooLong: 'A cell of Sheet1 holds more than 500 characters. Shorten it and import again.',
  billImportParseMemory: 'The spreadsheet needs too much memory to read. Split it into smaller files and import each part.',
  billImportParseTimeout: 'The spreadsheet took too long to read. Split it into smaller files and import each part.',
  billImportBusy: 'Other spreadsheets are being read right now. Try again in a minute.',
  /** Spec section 8: no resident (or document) matches the id, name or search (residents, billing, panel). */
  noMatchingDocument: 'No matching document found.',
  /** A self-registered resident calling a service before staff approved them. */
  residentPending: 'Your account is waiting for approval.',
  /** Registration with a phone that already has an account. */
  residentPhoneTaken: 'This phone number is already registered.',
  /** Registration naming a society that does not exist. */
  residentUnknownSociety: 'No society has this name.',
  residentRegistrationBusy: 'Many registrations are arriving at once. Please try again.',
  /** Spec section 5 "Status": the confirm before Save; `{choice}` is Approve or Block. */
  statusConfirm: 'Are you sure to change status to {choice}',
  /** Spec section 8: a saved resident status. */
  statusUpdated: 'Status updated successfully',
  /** Spec section 8: the notification panel's successes (Send to All, and Send to one resident). */
  panelSentToAll: 'Push notifications sent to all users successfully.',
  panelSentToOne: 'Push notification sent successfully.',
  /** Spec section 5 "Feed post": exactly one of a video link or media. */
  feedLinkOrMedia: 'Please provide either a YouTube link or upload media, but not both at the same time.',
  /** Spec section 5: choosing a file while a link is filled (browser). */
  feedFileWhileLink: 'You can only upload either a YouTube link or media at a time.',
  /** Spec section 5: more than 5 files on a feed post or a plot (the spec's plot text says 6; deviation). */
  tooManyMedia: 'You cannot upload more than 5 media files.',
  /** Spec section 5 "Feed post" / "Announcement": a missing description or a wrong media count. */
  mediaCountOrDescription: 'Please check the number of uploaded media files or fill in the description.',
  /** A video link that is not a YouTube address (new: the spec does not check it). */
  youtubeLinkInvalid: 'Please enter a valid YouTube link.',
  /** Spec section 5 "Discount". */
  discountRequired: 'Please fill all the required fields',
  discountRange: 'Discount must be a valid number between 5 and 90 and a multiple of 5.',
  discountOneLogo: 'You cannot upload more than 1 logo file.',
  discountOneMedia: 'You cannot upload more than 1 media file.',
  /** Spec section 5 "Plot". */
  plotRequired: 'Please fill out all required fields',
  plotPhone: 'Please add 11 digit phone number',
  /** Spec section 5 "Announcement". */
  announcementOneMedia: 'You can only upload one media file at a time.',
  /** A saved post, discount or plot (ours: the spec reloads the page instead, deviation 64). */
  postSaved: 'Post saved successfully',
  /** Spec section 8 "Delete". */
  postDeleted: 'Post deleted successfully',
  postDeleteFailed: 'Error deleting post',
  /** Spec section 8 "Upload failures" (its 'to Firestore' names the old backend; deviation). */
  uploadFailed: 'Error uploading files or saving data.',
  /** A file whose content is not an accepted image or video → 415. */
  mediaUnsupported: 'Only JPEG, PNG, WebP or GIF images and MP4 or WebM videos can be uploaded.',
  mediaImageTooLarge: 'Images can be at most 10 MB.',
  mediaVideoTooLarge: 'Videos can be at most 100 MB.',
  mediaNoFile: 'Choose a file to upload.',
  /** A media id in a body that is not this society's upload, or of the wrong kind (400 naming the field). */
  mediaUnknown: 'This media file does not exist. Upload it again.',
  mediaNotImage: 'This must be an image.',
  /** The video panel takes http and https addresses only. */
  videoUrlInvalid: 'Please enter a valid http or https URL.',
  /** /Reports: a desk outside the signed-in sub-role's `reportDesksOf` (403). */
  reportNotYourDesk: 'You can only see the reports of your own desk.',
  /** /Reports: a custom period without its first or last day (400 naming the field). */
  reportDayRequired: 'Choose the first and the last day.',
  reportRangeTooLong: 'A period can be at most 366 days.',
  /** /Reports: a last day after today in the society's time zone. */
  reportFutureDay: 'The last day cannot be after today.',
  /** /Reports: a figure the desk's report does not have (speed on security, security elsewhere, …): 400 naming `figure`. */
  reportFigureNotForDesk: "This desk's report has no such figure.",
  /** /Reports: more reports asked for at once than this server computes (429). */
  reportBusy: 'Reports are busy, try again in {wait}.',
  /**
   * Limits on what one account can trigger (429, with Retry-After): `{wait}` is filled by
   * {@link tryAgainIn} from the seconds left ('12 minutes'). Wording in the spec's style.
   */
  broadcastsTooMany: 'Too many broadcasts, try again in {wait}.',
  pushesTooMany: 'Too many notifications sent, try again in {wait}.',
  clientErrorsTooMany: 'Too many error reports from this page, try again in {wait}.',
  uploadsTooMany: 'Too many uploads, try again in {wait}.',
  uploadBytesTooMany: "Too much uploaded today (this file would pass the day's limit), try again in {wait}.",
  importsTooMany: 'Too many spreadsheet imports, try again in {wait}.',
  residentRequestsTooMany: 'Too many requests from this address, try again in {wait}.',
  societySearchesTooMany: 'Too many society searches, try again in {wait}.',
} as const;

/**
 * A rate-limit message (MSG.…TooMany) with its `{wait}` filled from `retryAfterS` (seconds, the
 * Retry-After value), rounded up: under a minute '45 seconds'; up to 90 minutes 'N minutes';
 * beyond, 'N hours' ('1 minute', '1 hour' in the singular).
 */
export function tryAgainIn(message: string, retryAfterS: number): string {
  const s = Math.max(1, Math.ceil(retryAfterS));
  const [n, unit] = s < 60 ? [s, 'second'] : s <= 90 * 60 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  return message.replace('{wait}', `${n} ${unit}${n === 1 ? '' : 's'}`);
}

/** Push titles and bodies (spec section 7, "Push titles"). */
export const PUSH = {
  complaintReviewed: { title: 'Complain Reviewed', body: 'Complaint has been registered' },
  complaintResolved: { title: 'Complain Resolved', body: 'Complaint has been resolved' },
  securityOnTheWay: { title: 'Security team is on the way', body: 'Security team is on its way. You may receive a call soon.' },
  securityCompleted: { title: 'Security Completed', body: 'Security issue resolved.' },
  guardAssigned: { title: 'Guard Assigned', body: 'A guard has been assigned to your home while you are away.' },
  orderUpdated: { title: 'Order Updated', body: 'Order details have been updated' },
  orderCompleted: { title: 'Order Completed', body: 'Your order has been delivered' },
  linkGenerated: { title: 'Link Generated', body: 'Meet link with doctor has been generated' },
  doctorReady: { title: 'Doctor is ready for meeting', body: 'Join the meeting from the app' },
  prescriptionGenerated: { title: 'Prescription Generated', body: 'Prescription has been created. Tap to view' },
  billGenerated: { title: 'Bill Generated', body: 'Tap to check!' },
  /** A staff reset of the resident's password, to the devices they already have (not in the spec). */
  passwordReset: {
    title: 'Password Reset',
    body: 'Your password was reset by the society office. If you did not ask for this, contact the office.',
  },
  /** Spec section 7: a push to every resident after each is created (the texts are ours). */
  feedPosted: { title: 'New Post', body: 'Your society shared a new post.' },
  discountPosted: { title: 'New Discount', body: 'A new discount offer is available.' },
  plotPosted: { title: 'New Plot Listing', body: 'A new plot listing is available.' },
  announcementPosted: { title: 'New Announcement', body: 'Tap to read the announcement.' },
  /** Deadlines (issue text): told once when the resident's item goes past a stage deadline, if the society turned it on. */
  overdue: {
    complaint: { title: 'Taking longer than usual', body: 'Your complaint is taking longer than usual; the committee has been told.' },
    grocery: { title: 'Taking longer than usual', body: 'Your grocery request is taking longer than usual; the committee has been told.' },
    doctor: { title: 'Taking longer than usual', body: 'Your doctor request is taking longer than usual; the committee has been told.' },
  },
} as const;

/** In-app notification records (spec section 7, "In-app notification records"). */
export const IN_APP = {
  complaintProceed: { title: 'COMPLAINT', description: 'Complaint has been registered' },
  complaintSubmit: { title: 'COMPLAINT', description: 'Complaint has been resolved' },
  securityProceed: { title: 'SECURITY', description: 'Security team is on its way. You may receive a call soon.' },
  securitySubmit: { title: 'SECURITY', description: 'Security issue resolved.' },
  orderPlaced: { title: 'GROCERY', description: 'Order has been placed' },
  orderUpdated: { title: 'GROCERY', description: 'Order details have been updated' },
  linkGenerated: { title: 'DOCTOR', description: 'Meet ID has been generated' },
  prescriptionCreated: { title: 'DOCTOR', description: 'Prescription has been created. Tap to view' },
  /** {period} (the month in words) and {total} ('PKR 4,565.02') are filled in (billDescription in contracts/billing.ts). */
  bill: { title: 'BILL', description: 'Your electricity bill for {period} is {total}' },
} as const;
