/**
 * Table columns of /Orders and /CompletedGrocery in the spec's order (section 2 "Orders": Update,
 * View, customerName, customerPhone, customerAddress, customerEmail, Fname, Fphone, FMname,
 * FMphone, FMname1, FMphone1) with readable titles. Update (the editor) only while orders can
 * change, i.e. on /Orders; /CompletedGrocery starts with View. Update is a pencil (the editor),
 * View an eye (read only).
 */
import { IconEye, IconPencil } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { Order } from '../../../../shared/contracts/grocery';
import { iconColumn, truncatedColumn } from '../../../components/data-table';
import { overdueColumn } from '../../../components/overdue-badge';
import { addressColumn, copiedFamilyColumns, emailColumn } from '../../../components/resident-card-columns';

interface OrderColumnActions {
  /** Opens 'Grocery Details' (omit for the read-only list). */
  onUpdate?: (order: Order) => void;
  onView: (order: Order) => void;
}

export function orderColumns({ onUpdate, onView }: OrderColumnActions): DataTableColumn<Order>[] {
  const update = onUpdate
    ? [iconColumn<Order>({ title: 'Update', label: 'Update', hint: 'Edit order', icon: <IconPencil size={18} aria-hidden />, onClick: onUpdate })]
    : [];
  return [
    ...update,
    iconColumn<Order>({
      title: 'View',
      label: 'View',
      hint: 'View order',
      color: 'gray',
      width: 70,
      icon: <IconEye size={18} aria-hidden />,
      onClick: onView,
    }),
    truncatedColumn<Order>({ accessor: 'customerName', title: 'Customer name' }),
    { accessor: 'customerPhone', title: 'Customer phone', noWrap: true },
    addressColumn<Order>(['customerAddress', 'Customer address']),
    emailColumn<Order>(['customerEmail', 'Customer email']),
    ...copiedFamilyColumns<Order>(),
    overdueColumn<Order>(),
  ];
}
