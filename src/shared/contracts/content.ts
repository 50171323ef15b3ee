/**
 * Announcements, the video panel and the logo (spec sections 2 "Video panel", "Logo",
 * "Announcements", 3, 5, 7).
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { atMostChars, listResponse } from './common.js';
import { ZMedia, ZMediaId } from './media.js';
import { MAX_DESCRIPTION } from './posts.js';

/**
 * POST /api/announcement body (the spec's path): title and description required
 * (MSG.mediaCountOrDescription for a missing description), at most one image (`mediaId`).
 */
export const ZCreateAnnouncement = z.object({
  title: z.string({ error: 'Title is required.' }).trim().min(1, 'Title is required.').max(200, atMostChars(200)),
  description: z.string({ error: MSG.mediaCountOrDescription }).trim().min(1, MSG.mediaCountOrDescription).max(MAX_DESCRIPTION, atMostChars(MAX_DESCRIPTION)),
  mediaId: ZMediaId.optional(),
});
export type CreateAnnouncement = z.infer<typeof ZCreateAnnouncement>;

/** An announcement as staff see it: `seenCount` residents have marked it seen. */
export const ZAnnouncement = z.object({
  _id: z.number().int(),
  title: z.string(),
  description: z.string(),
  media: ZMedia.nullable(),
  createdAt: z.string(),
  seenCount: z.number().int(),
});
export type Announcement = z.infer<typeof ZAnnouncement>;
export const ZAnnouncementList = listResponse(ZAnnouncement);

/** An announcement as one resident sees it. */
export const ZResidentAnnouncement = ZAnnouncement.omit({ seenCount: true }).extend({ seen: z.boolean() });
export const ZResidentAnnouncementList = listResponse(ZResidentAnnouncement);

/** PUT /api/video-panel body: one http or https URL (MSG.videoUrlInvalid otherwise). */
export const ZSetVideoPanel = z.object({
  url: z
    .string({ error: MSG.videoUrlInvalid })
    .trim()
    .max(2000, atMostChars(2000))
    .refine((s) => URL.canParse(s) && ['http:', 'https:'].includes(new URL(s).protocol), MSG.videoUrlInvalid),
});

/** A video panel entry (spec section 3 "Video panel entry"). */
export const ZVideoPanelEntry = z.object({ _id: z.number().int(), url: z.string(), createdAt: z.string() });
export type VideoPanelEntry = z.infer<typeof ZVideoPanelEntry>;
/** GET /api/video-panel?page= → the society's entries, newest (the current one) first, 10 a page. */
export const ZVideoPanelList = listResponse(ZVideoPanelEntry);
/** GET /api/resident/video-panel → the current entry, or null when none was set. */
export const ZResidentVideoPanel = z.object({ current: ZVideoPanelEntry.nullable() });

/** PUT /api/logo body: an uploaded image's id (spec "logoId"). */
export const ZSetLogo = z.object({
  // Missing or empty: the screen's Upload without an image. An id that is not a uuid keeps ZMediaId's message.
  mediaId: z.string({ error: MSG.logoChooseImage }).trim().min(1, MSG.logoChooseImage).pipe(ZMediaId),
});
/** PUT /api/logo → 200, and GET /api/resident/logo: the logo's URLs, or null when none is set. */
export const ZLogo = z.object({ logo: ZMedia.nullable() });
export type Logo = z.infer<typeof ZLogo>;
