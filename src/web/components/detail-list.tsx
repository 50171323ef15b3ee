/** Read-only label/value pairs (a <dl>) for drawers. Empty values show a dash. */
import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <DataList labelWidth={140} gap="xs">
      {items.map(({ label, value }) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value === '' || value === null || value === undefined ? '—' : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
