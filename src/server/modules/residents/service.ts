/**
 * How a resident is shown wherever staff see a request (desks, not-at-home): the columns to
 * select and the mapping to the spec's resident card; and the resident's own profile
 * (GET /api/resident/me). The residents module's public surface for
 * other modules (modules reach each other through services).
 */
import type { Db } from '../../db/client.js';
import { residentAdminRepo } from './admin-repo.js';

export { realResident, residentCardColumns, residentProfileColumns } from './columns.js';
export { residentCardPage } from './card-page.js';
export { formatAddress, toResidentCard, toResidentProfile, type ResidentCardRow, type ResidentProfileRow } from './card.js';

/**
 * The row id of the society's resident whose code is `code` ('GV0001', exact), or undefined:
 * how a module that is given `residentId` (the code, as the API names residents) finds the row.
 * Runs on `tx`, the caller's society-scoped transaction.
 */
export async function residentIdByCode(tx: Db, societyId: number, code: string): Promise<number | undefined> {
  return (await residentAdminRepo(tx).byCode(societyId, code))?.id;
}
