/**
 * The web side of the three-stage desk mechanism (STYLE "Distilled" 4) for the desks whose staff
 * screens are one list per stage: complaints and security. A desk is configured with its REST base
 * and shared zod schemas and gets a list per stage on the app's one list helper (lib/list-api.ts,
 * lib/list-cache.ts). Grocery and doctor use the desk's stage screen and bell with their own lists
 * (docs/ARCHITECTURE.md, "Web"):
 *
 * - query keys: `[key, 'list', {stage}, page, q, cursor]` and `[key, 'detail', id]`;
 * - `useList(stage, view)`: GET {basePath}?stage&page&q[&after|&before] → the list contract;
 * - `useDetail(id)`: GET {basePath}/:id → item + history (audit trail);
 * - `useTransition()`: PUT {basePath}/:id with the desk's update body ({action:'proceed'} or
 *   {action:'submit', response, confirmed:true}; security's proceed also carries a note);
 * - the list cache's rules for mutations and live events: an item belongs to its stage's lists
 *   and, when it moves, has just left the previous stage (stages only move forward, so a change
 *   seen once per stage — our own mutation, then its socket echo — is applied once).
 */
import { z } from 'zod';
import { STAGES, ZStage, type Stage, type SubmitInput } from '../../../shared/contracts/desk';
import { api } from '../../lib/api-client';
import { createListApi } from '../../lib/list-api';
import type { ListView } from '../../lib/list-params';

/** What every desk item has: a numeric id and its stage. */
export interface DeskRecord {
  _id: number;
  stage: Stage;
  /** When the item went past its stage's deadline (desks with deadlines), else null or absent. */
  overdueSince?: string | null;
}

/** PUT body of a stage change, as most desks have it (shared ZProceed | ZSubmit). */
export type DeskTransition = { action: 'proceed' } | SubmitInput;

/** A desk list's filter: its stage, and `overdue: '1'` for the stage's overdue items only. */
export type DeskFilters = { stage: Stage; overdue?: '1' };
const ZDeskFilters = z.object({ stage: ZStage, overdue: z.literal('1').optional() });

export interface DeskConfig<TItem extends DeskRecord, TDetail extends TItem, TUpdate> {
  /** Query-key root, e.g. 'complaints'. */
  key: string;
  /** REST base, e.g. '/api/complain'. */
  basePath: string;
  itemSchema: z.ZodType<TItem>;
  detailSchema: z.ZodType<TDetail>;
  /** PUT body schema (e.g. ZComplaintUpdate); only its input type is used, to type the mutation. */
  updateSchema: z.ZodType<unknown, TUpdate>;
}

/** The stage an item in `stage` came from (none for 'new'). */
function previousStage(stage: Stage): Stage | undefined {
  const index = STAGES.indexOf(stage);
  return index > 0 ? STAGES[index - 1] : undefined;
}

/** A three-stage desk: a list per stage, the detail with history, and the stage change. */
export function createDesk<TItem extends DeskRecord, TDetail extends TItem, TUpdate>(config: DeskConfig<TItem, TDetail, TUpdate>) {
  const list = createListApi<TItem, DeskFilters>({
    root: config.key,
    path: config.basePath,
    itemSchema: config.itemSchema,
    filtersSchema: ZDeskFilters,
    belongs: (item, filters) => item.stage === filters.stage && (filters.overdue !== '1' || Boolean(item.overdueSince)),
    cameFrom: (item) => {
      const from = previousStage(item.stage);
      return from ? [{ stage: from }] : [];
    },
    // Becoming overdue changes an item without moving it on.
    version: (item) => `${item.stage}:${item.overdueSince ?? ''}`,
  });

  /** One page of a stage's list. */
  function useList(stage: Stage, view: ListView) {
    return list.useList({ stage }, view);
  }

  /** One page of a stage's overdue items (`overdue=1`). */
  function useOverdueList(stage: Stage, view: ListView) {
    return list.useList({ stage, overdue: '1' }, view);
  }

  /** The item with its history (disabled while `id` is null). */
  function useDetail(id: number | null) {
    return list.useDetail(id, config.detailSchema);
  }

  /** Moves an item on; the answer updates the cache like the socket event that follows it. */
  function useTransition() {
    return list.useItemMutation(({ id, body }: { id: number; body: TUpdate }) => api.put(`${config.basePath}/${id}`, body, { schema: config.itemSchema }));
  }

  return {
    config,
    list,
    keys: list.keys,
    applyCreated: list.applyCreated,
    applyUpdated: list.applyUpdated,
    patchItem: list.patchItem,
    invalidateLists: list.invalidateLists,
    useList,
    useOverdueList,
    useDetail,
    useTransition,
  };
}

export type Desk<TItem extends DeskRecord, TDetail extends TItem, TUpdate> = ReturnType<typeof createDesk<TItem, TDetail, TUpdate>>;
