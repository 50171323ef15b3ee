import type { ResidentCard } from '../../../shared/contracts/common.js';
import type { DeskRow } from './repo.js';

/** Resident details as desks show them; address is "House h, Street s, Block b". */
export function toResidentCard(r: DeskRow['resident']): ResidentCard {
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
