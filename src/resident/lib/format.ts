/** Dates, times and money as the resident app shows them (the phone's own locale and time zone). */
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' });
const rupees = new Intl.NumberFormat('en-PK', { style: 'currency', currency: 'PKR', maximumFractionDigits: 2 });

/** "27 Nov 2026, 14:05" from ISO 8601. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** "14:05" from ISO 8601. */
export const formatTime = (iso: string) => time.format(new Date(iso));
/** "Rs 1,250.50" (rupees). */
export const formatMoney = (amount: number) => rupees.format(amount);
