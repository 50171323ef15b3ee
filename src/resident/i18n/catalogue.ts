/**
 * Every text the resident app shows, in one place (Urdu is planned, so a translation is
 * one more object of this shape). Plain strings, or functions for texts with values in them; the
 * server's own messages (validation, refusals) are shown as the server wrote them.
 *
 * Where the staff spec has the message (the stage names, 'Please fill the required fields'), the
 * same words are used; the rest are plain, short words.
 */
export const en = {
  appName: 'Society Desk',
  loading: 'Loading…',
  retry: 'Try again',
  reload: 'Reload',
  updatedReload: 'A new version is available.',
  screenFailed: 'This screen failed.',
  crash: { title: 'Something went wrong', call: 'Reload the app, hold SOS, or call:' },
  genericError: 'Something went wrong. Please try again.',
  networkError: 'Cannot reach the server. Please check your connection and try again.',
  empty: 'Nothing here yet.',
  /** Shown where a value is empty (a request filed without text). */
  none: '—',
  /** A back link to the screen named `label`. */
  backTo: (label: string) => `← ${label}`,
  older: 'Older',
  newer: 'Newer',
  page: (n: number) => `Page ${n}`,

  nav: { label: 'Main', home: 'SOS', services: 'Services', society: 'Society', notifications: 'Alerts', profile: 'Profile' },

  account: {
    signInTitle: 'Sign in',
    phone: 'Phone',
    phoneHint: '11 digits, e.g. 03001234567',
    password: 'Password',
    signIn: 'Sign in',
    noAccount: 'New here? Register',
    haveAccount: 'Already registered? Sign in',
    registerTitle: 'Register',
    societyName: 'Society',
    name: 'Name',
    house: 'House',
    street: 'Street',
    block: 'Block',
    email: 'Email (optional)',
    register: 'Register',
    registered: (id: string) => `Registered: your resident ID is ${id}.`,
    signInNow: 'Sign in with your phone and password.',
    waitingTitle: 'Waiting for approval',
    waitingText: 'Your society’s office will check your registration and approve it. Keep this screen open: the app opens by itself as soon as they do.',
    checkAgain: 'Check again',
    blocked: 'Your account is blocked. Please contact your society office.',
    signOut: 'Sign out',
    profileTitle: 'My profile',
    residentId: 'Resident ID',
    address: 'Address',
    society: 'Society',
    status: 'Status',
    statusNames: { Pending: 'Waiting for approval', Approve: 'Approved', Block: 'Blocked' } as Record<string, string>,
    forgotPassword: 'Forgot your password? Ask your society’s office to reset it.',
    societyHint: 'Type part of your society’s name and pick it from the list.',
    changePasswordTitle: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    newPasswordHint: 'At least 8 characters.',
    changePassword: 'Change password',
    passwordChanged: 'Your password has been changed. You are signed out on your other devices.',
    mustChangeTitle: 'Choose your own password',
    mustChangeText: 'Your society’s office reset your password. Choose a new one to go on; the temporary password is your current one.',
    mustChangeEmergency: 'The SOS button comes back once you have chosen your password. In an emergency now, call:',
    mustChangeEmergencyLabel: 'Emergency numbers',
  },

  push: {
    title: 'Notifications on this phone',
    on: 'On: this phone shows a notification when your requests, bills or society news change, even with the app closed.',
    off: 'Off: turn them on to hear when your requests, bills or society news change, even with the app closed.',
    blocked: 'Blocked by the browser. To turn them on, allow notifications for this site in the browser’s settings.',
    unsupported: 'This browser cannot show notifications from the app. On an iPhone, add the app to the Home Screen first.',
    turnOn: 'Turn on notifications',
    turnOff: 'Turn off notifications',
    failed: 'Notifications could not be turned on. Please try again.',
  },

  sos: {
    title: 'SOS',
    holdLabel: 'Hold for 2 seconds to send an SOS alarm to the guards',
    holdHint: 'Press and hold for 2 seconds (or hold Space or Enter).',
    holdAgainHint: 'Hold again to press SOS again: it adds to the same alarm.',
    button: 'SOS',
    sending: 'Sending…',
    sent: 'Sent',
    sentText: 'The guards have been alerted.',
    acknowledged: 'Acknowledged',
    acknowledgedAt: (time: string) => `Acknowledged at ${time}`,
    acknowledgedBy: (name: string, time: string) => `Acknowledged by ${name} at ${time}`,
    processing: 'The guards are handling it.',
    resolved: 'Resolved',
    response: (text: string) => `Response: ${text}`,
    presses: (n: number) => `Pressed ${n} times`,
    lastAlarm: 'Your latest alarm',
    pressedAt: (time: string) => `Pressed ${time}`,
    failed: 'The SOS was not sent. Hold again, or call a number below.',
  },

  services: {
    title: 'Services',
    complaints: 'Complaints',
    notHome: 'Not at home',
    grocery: 'Grocery',
    doctor: 'Doctor',
    bills: 'Bills',
    filedAt: (time: string) => `Sent ${time}`,
    stage: { new: 'New', processing: 'Processing', completed: 'Completed' } as Record<string, string>,
  },

  complaints: {
    describe: 'Describe the complaint',
    file: 'Send complaint',
    filed: 'Complaint sent.',
    response: 'Response',
    mine: 'My complaints',
  },

  notHome: {
    from: 'From',
    to: 'To',
    file: 'Tell the guards',
    filed: 'Request sent.',
    mine: 'My requests',
    guard: (name: string, phone: string) => `Guard: ${name} (${phone})`,
    noGuard: 'No guard assigned yet.',
    cancel: 'Cancel request',
    back: 'I’m back',
    state: { active: 'Active', arrived: 'Back home', cancelled: 'Cancelled' } as Record<string, string>,
    range: (from: string, to: string, days: number) => `${from} to ${to} (${days} ${days === 1 ? 'day' : 'days'})`,
  },

  grocery: {
    list: 'What do you need? (optional)',
    ask: 'Ask for groceries',
    asked: 'Request sent.',
    mine: 'My grocery requests',
    waiting: 'Waiting for the order.',
    item: 'Item',
    quantity: 'Quantity',
    price: 'Price',
    lineTotal: 'Total',
    delivery: (amount: string) => `Delivery: ${amount}`,
    total: (amount: string) => `Order total: ${amount}`,
    delivered: 'Delivered',
    processing: 'Processing',
  },

  doctor: {
    describe: 'What is wrong? (optional)',
    ask: 'Ask for a doctor',
    asked: 'Request sent.',
    mine: 'My doctor requests',
    waiting: 'Waiting for the meeting link.',
    join: 'Open the meeting',
    prescription: 'Prescription',
    /** The staff spec's words for the fields of the doctor's prescription drawer. */
    prescriptionField: { disease: 'Disease', medicine: 'Medicine', testNeeded: 'Test needed', thingsToDo: 'Things to do' },
    noPrescription: 'No prescription yet.',
  },

  bills: {
    title: 'My bills',
    period: 'Month',
    units: 'Units',
    rate: 'Rate per unit',
    total: 'Total',
  },

  society: {
    title: 'Society',
    feed: 'Feed',
    discounts: 'Discounts',
    plots: 'Plots',
    announcements: 'Announcements',
    video: 'Video',
    like: 'Like',
    likes: (n: number) => `${n} ${n === 1 ? 'like' : 'likes'}`,
    watch: 'Watch on YouTube',
    allCategories: 'All',
    categoryCount: (category: string, n: number) => `${category} (${n})`,
    category: 'Category',
    discountOff: (n: number) => `${n}% off`,
    plotFacts: (rooms: number, baths: number, area: string) => `${rooms} rooms · ${baths} baths · ${area}`,
    call: (phone: string) => `Call ${phone}`,
    seen: 'Seen',
    noVideo: 'No video has been shared yet.',
    openVideo: 'Open the video',
  },

  notifications: {
    title: 'Notifications',
    unread: (n: number) => `${n} unread`,
    /** The unread count on the navigation's badge: past 99 it says "99+". */
    badge: (n: number) => (n > 99 ? '99+' : String(n)),
    markRead: 'Mark read',
    markAllRead: 'Mark all read',
    read: 'Read',
    open: 'Open',
  },

  item: {
    notAvailable: 'This item is not available',
    /** The heading of one item's screen, by its kind (shared/contracts/push.ts). */
    title: {
      alarm: 'SOS alarm',
      complaint: 'Complaint',
      nothome: 'Not-at-home request',
      order: 'Grocery request',
      consultation: 'Doctor request',
      bill: 'Bill',
      post: 'Post',
      discount: 'Discount',
      plot: 'Plot',
      announcement: 'Announcement',
      message: 'Message',
    },
  },

  offline: {
    title: 'You are offline',
    text: 'The app needs the internet to send an SOS or a request. In an emergency, call:',
    society: (name: string) => `Your society: ${name}`,
    societyUnnamed: 'Your society',
    noSocietyNumbers: 'Your society has not given emergency numbers yet.',
    guard: (name: string) => `Your assigned guard: ${name}`,
    national: 'National emergency numbers',
    police: 'Police',
    rescue: 'Rescue and ambulance',
    fire: 'Fire brigade',
    savedAt: (time: string) => `Saved ${time}`,
  },
} as const;

/**
 * The catalogue's shape with its texts widened to `string` (`en` is `as const`, whose texts are
 * literal types no other language could match): what every translation has to be.
 */
type Widened<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widened<R>
    : T extends object
      ? { readonly [K in keyof T]: Widened<T[K]> }
      : T;

/** The shape every translation of the catalogue has: the same keys, texts of its own. */
export type Catalogue = Widened<typeof en>;

/** The texts the app shows (one language for now). */
export const t: Catalogue = en;

/** National emergency lines (Pakistan: the product's phones, money and time zone are Pakistan's). */
export const NATIONAL_NUMBERS = [
  { label: en.offline.police, phone: '15' },
  { label: en.offline.rescue, phone: '1122' },
  { label: en.offline.fire, phone: '16' },
] as const;
