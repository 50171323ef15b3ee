/**
 * How a resident is shown wherever staff see a request (desks, not-at-home): the columns to
 * select and the mapping to the spec's resident card; and the resident's own profile
 * (GET /api/resident/me). The residents module's public surface for
 * other modules (issue 6: modules reach each other through services).
 */
export { residentCardColumns, residentProfileColumns } from './columns.js';
export { formatAddress, toResidentCard, toResidentProfile, type ResidentCardRow, type ResidentProfileRow } from './card.js';
