/**
 * The resident card's columns in the spec's order (section 3 "Grocery request": name, phoneNo,
 * address, age, email, fname, fPhoneNo, fmName, fmphoneNo, fmName1, fmphoneNo1) with readable
 * titles, for a list whose rows carry `resident` (the grocery and doctor request lists).
 */
import type { DataTableColumn } from 'mantine-datatable';
import type { ResidentCard } from '../../shared/contracts/common';

export function residentCardColumns<T extends { resident: ResidentCard }>(): DataTableColumn<T>[] {
  return [
    { accessor: 'resident.name', title: 'Name', noWrap: true },
    { accessor: 'resident.phoneNo', title: 'Phone', noWrap: true },
    { accessor: 'resident.address', title: 'Address', noWrap: true },
    { accessor: 'resident.age', title: 'Age', render: (row) => row.resident.age ?? '' },
    { accessor: 'resident.email', title: 'Email', noWrap: true },
    { accessor: 'resident.fname', title: 'Father name', noWrap: true },
    { accessor: 'resident.fPhoneNo', title: 'Father phone', noWrap: true },
    { accessor: 'resident.fmName', title: 'Family member', noWrap: true },
    { accessor: 'resident.fmphoneNo', title: 'Family member phone', noWrap: true },
    { accessor: 'resident.fmName1', title: 'Family member 2', noWrap: true },
    { accessor: 'resident.fmphoneNo1', title: 'Family member 2 phone', noWrap: true },
  ];
}
