/**
 * Columns of a person's card, shared by every list that shows one: the resident card of the
 * grocery and doctor request lists (spec section 3 "Grocery request": name, phoneNo, address, age,
 * email, fname, fPhoneNo, fmName, fmphoneNo, fmName1, fmphoneNo1) with readable titles, and the
 * family columns of the order, consultation and not-at-home lists. The name and phone are always
 * shown; the address on a wide screen; the email, age and family columns are hidden until a member
 * shows them (the table's Columns button), so the columns staff act on fit the screen.
 */
import type { DataTableColumn } from 'mantine-datatable';
import type { ResidentCard } from '../../shared/contracts/common';
import { optionalColumn, truncatedColumn } from './data-table';

/** A column's path in the row and its header. */
export type ColumnField = readonly [accessor: string, title: string];

/** The family columns (father's name and phone, two family members' names and phones), hidden until shown. */
export function familyColumns<T>(fields: readonly ColumnField[]): DataTableColumn<T>[] {
  return fields.map(([accessor, title]) => optionalColumn<T>({ accessor, title, noWrap: true }, false));
}

/**
 * The family columns of a row that copies the card's family fields flat (an order's or a
 * consultation's Fname, Fphone, FMname, FMphone, FMname1, FMphone1; spec section 3).
 */
export function copiedFamilyColumns<T>(): DataTableColumn<T>[] {
  return familyColumns<T>([
    ['Fname', 'Father name'],
    ['Fphone', 'Father phone'],
    ['FMname', 'Family member'],
    ['FMphone', 'Family member phone'],
    ['FMname1', 'Family member 2'],
    ['FMphone1', 'Family member 2 phone'],
  ]);
}

/** An address: one truncated line, shown on a wide screen until a member chooses. */
export function addressColumn<T>([accessor, title]: ColumnField): DataTableColumn<T> {
  return optionalColumn<T>(truncatedColumn<T>({ accessor, title }), 'wide');
}

/** An email address: one truncated line, hidden until shown. */
export function emailColumn<T>([accessor, title]: ColumnField): DataTableColumn<T> {
  return optionalColumn<T>(truncatedColumn<T>({ accessor, title }), false);
}

export function residentCardColumns<T extends { resident: ResidentCard }>(): DataTableColumn<T>[] {
  return [
    truncatedColumn<T>({ accessor: 'resident.name', title: 'Name' }),
    { accessor: 'resident.phoneNo', title: 'Phone', noWrap: true },
    addressColumn<T>(['resident.address', 'Address']),
    optionalColumn<T>({ accessor: 'resident.age', title: 'Age', render: (row) => row.resident.age ?? '' }, false),
    emailColumn<T>(['resident.email', 'Email']),
    ...familyColumns<T>([
      ['resident.fname', 'Father name'],
      ['resident.fPhoneNo', 'Father phone'],
      ['resident.fmName', 'Family member'],
      ['resident.fmphoneNo', 'Family member phone'],
      ['resident.fmName1', 'Family member 2'],
      ['resident.fmphoneNo1', 'Family member 2 phone'],
    ]),
  ];
}
