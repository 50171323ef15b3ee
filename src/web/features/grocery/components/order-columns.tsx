/**
 * Table columns of /Orders and /CompletedGrocery in the spec's order (section 2 "Orders": Update,
 * View, customerName, customerPhone, customerAddress, customerEmail, Fname, Fphone, FMname,
 * FMphone, FMname1, FMphone1) with readable titles. Update (the editor) only while orders can
 * change, i.e. on /Orders; /CompletedGrocery starts with View.
 */
import { ActionIcon } from '@mantine/core';
import { IconEdit, IconFileDescription } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { Order } from '../../../../shared/contracts/grocery';

interface OrderColumnActions {
  /** Opens 'Grocery Details' (omit for the read-only list). */
  onUpdate?: (order: Order) => void;
  onView: (order: Order) => void;
}

export function orderColumns({ onUpdate, onView }: OrderColumnActions): DataTableColumn<Order>[] {
  const update: DataTableColumn<Order>[] = onUpdate
    ? [
        {
          accessor: '__update',
          title: 'Update',
          width: 80,
          textAlign: 'center',
          render: (order) => (
            <ActionIcon variant="light" aria-label="Update" title="Edit order" onClick={() => onUpdate(order)}>
              <IconEdit size={18} aria-hidden />
            </ActionIcon>
          ),
        },
      ]
    : [];
  return [
    ...update,
    {
      accessor: '__view',
      title: 'View',
      width: 70,
      textAlign: 'center',
      render: (order) => (
        <ActionIcon variant="light" color="gray" aria-label="View" title="View order" onClick={() => onView(order)}>
          <IconFileDescription size={18} aria-hidden />
        </ActionIcon>
      ),
    },
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
