/**
 * How a resident is shown wherever staff see a request (desks, not-at-home): the columns to
 * select and the mapping to the spec's resident card. The residents module's public surface for
 * other modules (issue 6: modules reach each other through services).
 */
export { residentCardColumns } from './columns.js';
export { formatAddress, toResidentCard, type ResidentCardRow } from './card.js';
