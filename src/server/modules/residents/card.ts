import type { ResidentCard } from '../../../shared/contracts/common.js';
import type { ResidentProfile } from '../../../shared/contracts/resident.js';
import type { residents } from '../../db/schema.js';
import type { residentCardColumns, residentProfileColumns } from './columns.js';

/** A resident selected with `residentCardColumns` (the nested `resident` of a request row). */
export type ResidentCardRow = Pick<typeof residents.$inferSelect, keyof typeof residentCardColumns>;

/** A resident selected with `residentProfileColumns`, with their society's name and time zone (IANA). */
export type ResidentProfileRow = Pick<typeof residents.$inferSelect, keyof typeof residentProfileColumns> & { societyName: string; timeZone: string };

/** Resident details as desks show them; address is "House h, Street s, Block b". */
export function toResidentCard(r: Omit<ResidentCardRow, 'pushToken'>): ResidentCard {
  return {
    residentId: r.residentCode,
    name: r.name,
    phoneNo: r.phone,
    address: formatAddress(r),
    email: r.email,
    age: r.age,
    designation: r.designation,
    owner: r.isOwner,
    fname: r.fatherName,
    fPhoneNo: r.fatherPhone,
    fmName: r.fm1Name,
    fmphoneNo: r.fm1Phone,
    fmName1: r.fm2Name,
    fmphoneNo1: r.fm2Phone,
  };
}

export function formatAddress(r: { house: string; street: string; block: string }): string {
  return [r.house && `House ${r.house}`, r.street, r.block].filter(Boolean).join(', ');
}

/**
 * The resident's own profile (GET /api/resident/me): the card, the address's parts, society,
 * status, the society's time zone and whether the password must be changed.
 */
export function toResidentProfile(r: ResidentProfileRow): ResidentProfile {
  return {
    ...toResidentCard(r),
    house: r.house,
    street: r.street,
    block: r.block,
    societyName: r.societyName,
    status: r.status,
    timeZone: r.timeZone,
    mustChangePassword: r.mustChangePassword,
  };
}
