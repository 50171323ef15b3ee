/**
 * Table columns of /Orders and /CompletedGrocery in the spec's order (section 2 "Orders": Update,
 * View, customerName, customerPhone, customerAddress, customerEmail, Fname, Fphone, FMname,
 * FMphone, FMname1, FMphone1) with readable titles. Update (the editor) only while orders can
 * change, i.e. on /Orders; /CompletedGrocery starts with View.
 */
import { IconEdit, IconFileDescription } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { Order } from '../../../../shared/contracts/grocery';
import { iconColumn } from '../../../components/data-table';

interface OrderColumnActions {
  /** Opens 'Grocery Details' (omit for the read-only list). */
  onUpdate?: (order: Order) => void;
  onView: (order: Order) => void;
}

export function orderColumns({ onUpdate, onView }: OrderColumnActions): DataTableColumn<Order>[] {
  const update = onUpdate
    ? [iconColumn<Order>({ title: 'Update', label: 'Update', hint: 'Edit order', icon: <IconEdit size={18} aria-hidden />, onClick: onUpdate })]
    : [];
  return [
    ...update,
    iconColumn<Order>({
      title: 'View',
      label: 'View',
      hint: 'View order',
      color: 'gray',
      width: 70,
      icon: <IconFileDescription size={18} aria-hidden />,
      onClick: onView,
    }),
    { accessor: 'customerName', title: 'Customer name', noWrap: true },
    { accessor: 'customerPhone', title: 'Customer phone', noWrap: true },
    { accessor: 'customerAddress', title: 'Customer address', noWrap: true },
    { accessor: 'customerEmail', title: 'Customer email', noWrap: true },
    { accessor: 'Fname', title: 'Father name', noWrap: true },
    { accessor: 'Fphone', title: 'Father phone', noWrap: true },
    { accessor: 'FMname', title: 'Family member', noWrap: true },
    { accessor: 'FMphone', title: 'Family member phone', noWrap: true },
    { accessor: 'FMname1', title: 'Family member 2', noWrap: true },
    { accessor: 'FMphone1', title: 'Family member 2 phone', noWrap: true },
  ];
}
