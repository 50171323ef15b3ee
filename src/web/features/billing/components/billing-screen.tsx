/**
 * /Billing (spec section 2 "Billing"), sub-roles billing and super-admin: find a resident
 * by full name and Generate Bill, or import a month's bills from a spreadsheet.
 */
import { Paper, Title } from '@mantine/core';
import { useState } from 'react';
import type { BillResident } from '../../../../shared/contracts/billing';
import { ResidentDetails } from '../../../components/resident-details';
import { BillImport } from './bill-import';
import { GenerateBillForm } from './generate-bill-form';
import { ResidentSearch } from './resident-search';

export function BillingScreen() {
  const [resident, setResident] = useState<BillResident | null>(null);
  return (
    <>
      <Title order={2} mb="md">
        Billing
      </Title>
      <Paper component="section" aria-label="Generate Bill" withBorder p="md">
        <Title order={3} mb="sm">
          Generate Bill
        </Title>
        <ResidentSearch selected={resident} onSelect={setResident} />
        {resident ? (
          <>
            <ResidentDetails resident={resident} />
            <GenerateBillForm key={resident._id} resident={resident} />
          </>
        ) : null}
      </Paper>
      <Paper component="section" aria-label="Spreadsheet import" withBorder p="md" mt="lg">
        <Title order={3} mb="sm">
          Import bills from a spreadsheet
        </Title>
        <BillImport />
      </Paper>
    </>
  );
}
