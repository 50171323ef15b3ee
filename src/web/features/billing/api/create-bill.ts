/**
 * Generate Bill's Save (spec section 2 "Billing"): POST /api/bills {residentId, ratePerUnit, units,
 * period?} → 201 Bill (the server computes `total`; period defaults to this month).
 * Errors: 400 {message, field}; 404 'No matching document found.'; 409 already billed this period.
 */
import { useMutation } from '@tanstack/react-query';
import { ZBill, type CreateBill } from '../../../../shared/contracts/billing';
import { api } from '../../../lib/api-client';

export function useCreateBill() {
  return useMutation({
    mutationFn: (bill: CreateBill) => api.post('/api/bills', bill, { schema: ZBill }),
  });
}
