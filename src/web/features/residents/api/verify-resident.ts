/**
 * /Residence's one call (spec section 2 "Resident verification"):
 * `GET /api/residents/verify?residentId=` → ZResidentVerify (Name, Address, Phone_Number, Age,
 * ResidentID, Father_Name, Father_Phone_Number), or 404 'No matching document found.' (also for
 * another society's id). Query key: `['residents', 'verify', residentId]`.
 */
import { useQuery } from '@tanstack/react-query';
import { ZResidentVerify } from '../../../../shared/contracts/residents-admin';
import { api } from '../../../lib/api-client';

/** The verified resident of `residentId` (disabled while it is null: nothing verified yet). */
export function useVerifyResident(residentId: string | null) {
  return useQuery({
    queryKey: ['residents', 'verify', residentId],
    queryFn: ({ signal }) => api.get('/api/residents/verify', { query: { residentId: residentId ?? '' }, schema: ZResidentVerify, signal }),
    enabled: residentId !== null,
    retry: false,
    staleTime: 0,
  });
}
