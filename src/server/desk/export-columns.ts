/**
 * Export columns shared by the desks' lists (lib/list-export.ts): the resident card's columns in
 * the web tables' order and wording (components/resident-card-columns.tsx), so an exported
 * request reads like its row on screen.
 */
import type { ResidentCard } from '../../shared/contracts/common.js';
import type { ExportColumn } from '../lib/list-export.js';

/** Name, Phone and Address of the row's resident (the complaint and alarm tables' first columns). */
export function residentBrief<T extends { resident: ResidentCard }>(): ExportColumn<T>[] {
  return [
    { title: 'Resident ID', format: 'text', value: (r) => r.resident.residentId },
    { title: 'Name', format: 'text', value: (r) => r.resident.name },
    { title: 'Phone', format: 'text', value: (r) => r.resident.phoneNo },
    { title: 'Address', format: 'text', value: (r) => r.resident.address },
  ];
}

/** The whole resident card (the grocery and doctor tables: name, phone, address, age, email, father, family members). */
export function residentCard<T extends { resident: ResidentCard }>(): ExportColumn<T>[] {
  return [
    ...residentBrief<T>(),
    { title: 'Age', format: 'int', value: (r) => r.resident.age },
    { title: 'Email', format: 'text', value: (r) => r.resident.email },
    { title: 'Father name', format: 'text', value: (r) => r.resident.fname },
    { title: 'Father phone', format: 'text', value: (r) => r.resident.fPhoneNo },
    { title: 'Family member', format: 'text', value: (r) => r.resident.fmName },
    { title: 'Family member phone', format: 'text', value: (r) => r.resident.fmphoneNo },
    { title: 'Family member 2', format: 'text', value: (r) => r.resident.fmName1 },
    { title: 'Family member 2 phone', format: 'text', value: (r) => r.resident.fmphoneNo1 },
  ];
}

/** When the item went past its stage's deadline (the lists' Deadline badge), empty while it is on time. */
export function overdueColumn<T extends { overdueSince?: string | null }>(): ExportColumn<T> {
  return { title: 'Overdue since', format: 'datetime', value: (r) => r.overdueSince ?? null };
}
