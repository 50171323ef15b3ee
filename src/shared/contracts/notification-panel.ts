/**
 * The notification panel (spec section 2 "Notification panel", texts in section 8):
 * a message to every approved resident of the society or to one, written as in-app records and
 * queued pushes in one transaction, and its delivery report counted from the outbox.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { ZListQuery, ZResidentCard, atMostChars, listResponse, residentSearchQuery, zId, zResidentCode } from './common.js';

/** Longest title and body a panel message may have (FCM shows about 65 characters of a title). */
export const PANEL_TITLE_MAX = 100;
export const PANEL_BODY_MAX = 1000;

const required = { error: MSG.fillRequired };

/** `{title, body}`: both required (trimmed, 1..100 and 1..1000 characters); empty → 'Please fill the required fields'. */
export const ZPanelMessage = z.object({
  title: z.string(required).trim().min(1, MSG.fillRequired).max(PANEL_TITLE_MAX, atMostChars(PANEL_TITLE_MAX)),
  body: z.string(required).trim().min(1, MSG.fillRequired).max(PANEL_BODY_MAX, atMostChars(PANEL_BODY_MAX)),
});
export type PanelMessage = z.infer<typeof ZPanelMessage>;

const RESIDENT_MSG = 'Choose a resident.';

/**
 * POST /api/notifications/send: the message to one resident, `residentId` being the resident code
 * ('GV0001', the search's `resident.residentId`), as everywhere in the API. For one release a JSON
 * integer is still read as the resident's row id (the search's `_id`; docs/spec-deviations.md).
 * Anything else ('abc', the digits '16') is a 400 'Choose a resident.' naming `residentId`.
 */
export const ZSendToResident = ZPanelMessage.extend({
  residentId: z.union([zResidentCode(RESIDENT_MSG), zId(RESIDENT_MSG)], { error: RESIDENT_MSG }),
});
export type SendToResident = z.infer<typeof ZSendToResident>;

/** What a send answers: the campaign (for its delivery report) and how many residents it addressed. */
export const ZCampaignCreated = z.object({
  campaignId: z.number().int(),
  recipients: z.number().int().min(0),
});
export type CampaignCreated = z.infer<typeof ZCampaignCreated>;

/**
 * GET /api/notifications/residents: the shared list query, `q` the start of the resident's full
 * name (case-insensitive, trimmed, at most 100 characters; empty lists every approved resident;
 * `name` still read for one release), 10 a page, newest first.
 */
export const ZPanelResidentQuery = residentSearchQuery();
export type PanelResidentQuery = z.infer<typeof ZPanelResidentQuery>;

/** A resident the panel can message: `_id` for the send, the resident card, and whether a device token is on file. */
export const ZPanelResident = ZResidentCard.extend({
  _id: z.number().int(),
  hasDevice: z.boolean().describe('A push token is on file (without one only the in-app record reaches the resident)'),
});
export type PanelResident = z.infer<typeof ZPanelResident>;

export const ZPanelResidentList = listResponse(ZPanelResident);
export type PanelResidentList = z.infer<typeof ZPanelResidentList>;

/**
 * A campaign and its delivery report: `recipients` addressed; of their pushes `pending` still
 * queued (or waiting for a retry), `failed` given up on, `sent` delivered to the push service
 * (recipients − pending − failed: sent rows may be purged after OUTBOX_RETENTION_DAYS).
 */
export const ZCampaignReport = z.object({
  _id: z.number().int(),
  kind: z.enum(['broadcast', 'single']),
  title: z.string(),
  body: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  recipients: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  pending: z.number().int().min(0),
});
export type CampaignReport = z.infer<typeof ZCampaignReport>;

/** GET /api/notifications/campaigns: the list query without a search, newest first, 10 a page. */
export const ZCampaignQuery = ZListQuery.pick({ page: true, after: true, before: true });
export const ZCampaignList = listResponse(ZCampaignReport);
export type CampaignList = z.infer<typeof ZCampaignList>;
