/**
 * The complaints desk (spec section 2 "Complaints", "Pending (Processing) complaints",
 * "Completed complaints"; states in section 4):
 *
 * - GET /api/complain?stage=new|processing|completed&page&q[&after|&before] →
 *   {items: Complaint[], total, totalExact} (newest first, 10 per page; cursors: docs/adr/0003)
 * - GET /api/complain/:id → ComplaintDetail (Complaint + history)
 * - PUT /api/complain/:id {action:'proceed'} (new → processing) or
 *   {action:'submit', response, confirmed:true} (processing → completed) → Complaint;
 *   400 {message, field}, 403 sub-role, 404 other society, 409 wrong stage.
 */
import { ZComplaint, ZComplaintDetail, ZComplaintUpdate } from '../../../../shared/contracts/complaints';
import { createDesk } from '../../../mechanisms/desk/desk-api';

export const complaintsDesk = createDesk({
  key: 'complaints',
  basePath: '/api/complain',
  itemSchema: ZComplaint,
  detailSchema: ZComplaintDetail,
  updateSchema: ZComplaintUpdate,
});
