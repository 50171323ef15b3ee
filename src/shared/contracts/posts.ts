/**
 * Post lists (spec sections 2 "Feed posts", "Discounts", "Plots", 3, 5, 6, 8, 9): feed
 * posts, discount offers and plot listings. Staff lists are 5 a page, newest first, searchable;
 * the society named by SUPER_SOCIETY sees every society's posts (spec section 6). The same
 * schemas validate the browser forms (for the spec's early messages) and the server (400 with the
 * spec's message and the field at fault). Media are referenced by id (POST /api/media first).
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../constants.js';
import { MSG } from '../messages.js';
import { ZListQuery, ZResidentListQuery, atMostChars, listResponse } from './common.js';
import { ZMedia, ZMediaId } from './media.js';

/** Most media on a feed post or a plot (spec section 9). */
export const MAX_POST_MEDIA = 5;
/** Longest description of a post, discount, plot or announcement, in characters. */
export const MAX_DESCRIPTION = 2000;

/** Discount categories (spec section 9). */
export const DISCOUNT_CATEGORIES = ['Health', 'Fitness', 'Education', 'Food', 'Life Style'] as const;
/** Discount percent options: 5 to 90 in steps of 5 (spec section 9). */
export const DISCOUNT_OPTIONS = Array.from({ length: 18 }, (_, i) => (i + 1) * 5);
/** Plot types, payments and areas (spec section 9). */
export const PLOT_TYPES = ['House', 'Flat', 'Upper Portion', 'Lower Portion', 'Farmhouse', 'Pent House', 'Room'] as const;
export const PLOT_PAYMENTS = ['Installments', 'Full Pay'] as const;
export const PLOT_AREAS = ['3 Marla', '5 Marla', '7 Marla', '8 Marla', '10 Marla', '1 Kanal', '2 Kanal'] as const;
/** Baths and rooms: 1 to 6 (spec section 9). */
export const PLOT_COUNT_OPTIONS = [1, 2, 3, 4, 5, 6] as const;
/** Largest plot price in rupees (a sanity bound). */
export const MAX_PLOT_PRICE = 100_000_000_000;

/** youtube.com/watch?v=…, youtube.com/shorts/…, youtube.com/embed/…, youtu.be/… over http(s). */
const YOUTUBE_PATTERN = /^https?:\/\/(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?(?:.*&)?v=|shorts\/|embed\/|live\/)|youtu\.be\/)[A-Za-z0-9_-]{6,}/;

/** The YouTube video id of a link accepted by the feed, or undefined. */
export function youtubeVideoId(link: string): string | undefined {
  const m = /(?:v=|shorts\/|embed\/|live\/|youtu\.be\/)([A-Za-z0-9_-]{6,})/.exec(link);
  return m?.[1];
}

const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, atMostChars(max));

/**
 * POST /api/feed body (spec section 5 "Feed post"). Exactly one of `youtubeLink` and `mediaIds`
 * (1–5 ids) — else 400 MSG.feedLinkOrMedia naming `youtubeLink`; more than 5 → MSG.tooManyMedia
 * naming `mediaIds`; a missing description → MSG.mediaCountOrDescription. '' counts as no link.
 */
export const ZCreateFeedPost = z
  .object({
    description: text(MSG.mediaCountOrDescription, MAX_DESCRIPTION),
    youtubeLink: z
      .string({ error: MSG.youtubeLinkInvalid })
      .trim()
      .max(500, atMostChars(500))
      .refine((s) => s === '' || YOUTUBE_PATTERN.test(s), MSG.youtubeLinkInvalid)
      .optional(),
    mediaIds: z.array(ZMediaId, { error: MSG.tooManyMedia }).max(MAX_POST_MEDIA, MSG.tooManyMedia).optional(),
  })
  .superRefine((v, ctx) => {
    const hasLink = (v.youtubeLink ?? '') !== '';
    const hasMedia = (v.mediaIds?.length ?? 0) > 0;
    if (hasLink === hasMedia) ctx.addIssue({ code: 'custom', message: MSG.feedLinkOrMedia, path: ['youtubeLink'] });
  });
export type CreateFeedPost = z.infer<typeof ZCreateFeedPost>;

/**
 * POST /api/discounts body (spec section 5 "Discount"): every field required (MSG.discountRequired,
 * naming the first missing field; a missing or zero discount too); discount a whole number 5–90
 * and a multiple of 5 (MSG.discountRange); category one of DISCOUNT_CATEGORIES; the logo must be an image.
 */
export const ZCreateDiscount = z.object({
  brandName: text(MSG.discountRequired, 100),
  branch: text(MSG.discountRequired, 200),
  logoMediaId: ZMediaId.or(z.undefined()).refine((v) => v !== undefined, MSG.discountRequired),
  mediaId: ZMediaId.or(z.undefined()).refine((v) => v !== undefined, MSG.discountRequired),
  description: text(MSG.discountRequired, MAX_DESCRIPTION),
  // Spec section 5: a missing or zero discount is a missing field; any other bad value is out of range.
  discount: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? MSG.discountRequired : MSG.discountRange) })
    .refine((n) => n !== 0, { message: MSG.discountRequired, abort: true })
    .refine((n) => Number.isInteger(n) && n >= 5 && n <= 90 && n % 5 === 0, MSG.discountRange),
  category: z.enum(DISCOUNT_CATEGORIES, { error: MSG.discountRequired }),
});
export type CreateDiscount = z.infer<typeof ZCreateDiscount>;

const count = z.number({ error: MSG.plotRequired }).int(MSG.plotRequired).min(1, MSG.plotRequired).max(6, MSG.plotRequired);

/**
 * POST /api/plots body (spec section 5 "Plot"): every field required (MSG.plotRequired naming
 * the field), phone exactly 11 digits (MSG.plotPhone), price in rupees > 0 with at most 2
 * decimals, baths and rooms 1–6, 1–5 images (more → MSG.tooManyMedia; the spec's text says 6).
 */
export const ZCreatePlot = z.object({
  type: z.enum(PLOT_TYPES, { error: MSG.plotRequired }),
  payment: z.enum(PLOT_PAYMENTS, { error: MSG.plotRequired }),
  area: z.enum(PLOT_AREAS, { error: MSG.plotRequired }),
  baths: count,
  rooms: count,
  phone: z.string({ error: MSG.plotRequired }).trim().min(1, MSG.plotRequired).regex(PHONE_PATTERN, MSG.plotPhone),
  description: text(MSG.plotRequired, MAX_DESCRIPTION),
  location: text(MSG.plotRequired, 300),
  price: z
    .number({ error: MSG.plotRequired })
    .gt(0, MSG.plotRequired)
    .max(MAX_PLOT_PRICE, `Price can be at most ${MAX_PLOT_PRICE.toLocaleString('en-US')}.`)
    .refine((n) => Math.round(n * 100) / 100 === n, 'Price can have at most 2 decimals.'),
  mediaIds: z.array(ZMediaId, { error: MSG.plotRequired }).min(1, MSG.plotRequired).max(MAX_POST_MEDIA, MSG.tooManyMedia),
});
export type CreatePlot = z.infer<typeof ZCreatePlot>;

/** The staff post lists' query: ZListQuery (page, q, cursors); 5 a page (spec section 9). */
export const ZPostListQuery = ZListQuery;

const postBase = {
  _id: z.number().int(),
  /** The society that posted it (staff of SUPER_SOCIETY see several). */
  societyName: z.string(),
  createdAt: z.string().describe('ISO 8601; Date and Time columns are derived from it'),
};

/** A feed post as staff and residents see it (spec section 3 "Feed post"); title is the society's name. */
export const ZFeedPost = z.object({
  ...postBase,
  title: z.string(),
  description: z.string(),
  youtubeLink: z.string().nullable(),
  media: z.array(ZMedia),
  likes: z.number().int(),
});
export type FeedPost = z.infer<typeof ZFeedPost>;
export const ZFeedPostList = listResponse(ZFeedPost);

/** A discount offer (spec section 3 "Discount"). */
export const ZDiscount = z.object({
  ...postBase,
  brandName: z.string(),
  branch: z.string(),
  logo: ZMedia,
  media: ZMedia,
  description: z.string(),
  discount: z.number().int(),
  category: z.string(),
});
export type Discount = z.infer<typeof ZDiscount>;
export const ZDiscountList = listResponse(ZDiscount);

/**
 * GET /api/resident/discounts: the resident list query plus `category`, one of
 * DISCOUNT_CATEGORIES exactly ('Life Style'); absent: every category. Any other value (an empty
 * one too) is a 400 naming `category`.
 */
export const ZResidentDiscountQuery = ZResidentListQuery.extend({
  category: z.enum(DISCOUNT_CATEGORIES, { error: `Category must be one of: ${DISCOUNT_CATEGORIES.join(', ')}.` }).optional(),
});
export type ResidentDiscountQuery = z.infer<typeof ZResidentDiscountQuery>;

/**
 * GET /api/resident/discounts/categories: every category of DISCOUNT_CATEGORIES in that order with
 * how many of the resident's society's offers it holds now (`count`, 0 included), in the list
 * response. One page always: the categories are a fixed list of five, so the cursors are null.
 */
export const ZDiscountCategoryList = listResponse(z.object({ category: z.enum(DISCOUNT_CATEGORIES), count: z.number().int().min(0) }));
export type DiscountCategoryList = z.infer<typeof ZDiscountCategoryList>;

/** A plot listing (spec section 3 "Plot"); price in rupees (shown in PKR). */
export const ZPlot = z.object({
  ...postBase,
  type: z.string(),
  payment: z.string(),
  area: z.string(),
  baths: z.number().int(),
  rooms: z.number().int(),
  phone: z.string(),
  description: z.string(),
  location: z.string(),
  price: z.number(),
  media: z.array(ZMedia),
});
export type Plot = z.infer<typeof ZPlot>;
export const ZPlotList = listResponse(ZPlot);

/** A feed post as one resident sees it: whether they like it. */
export const ZResidentFeedPost = ZFeedPost.extend({ likedByMe: z.boolean() });
export const ZResidentFeedPostList = listResponse(ZResidentFeedPost);

/** PUT/DELETE /api/resident/feed/:id/like → 200: the post's likes after the change. */
export const ZLikeResult = z.object({ _id: z.number().int(), likes: z.number().int(), likedByMe: z.boolean() });
