/** The resident behind a request (shared ResidentCard), read-only, for every desk drawer. */
import { Title } from '@mantine/core';
import type { ResidentCard } from '../../shared/contracts/common';
import { DetailList, type DetailItem } from './detail-list';

export function ResidentDetails({ resident }: { resident: ResidentCard }) {
  return (
    <>
      <Title order={4} mt="md" mb="xs">
        Resident
      </Title>
      <DetailList
        items={[
          { label: 'Name', value: resident.name },
          { label: 'Resident ID', value: resident.residentId },
          { label: 'Phone', value: resident.phoneNo },
          { label: 'Address', value: resident.address },
          { label: 'Email', value: resident.email },
          { label: 'Age', value: resident.age ?? '' },
          { label: 'Designation', value: resident.designation },
          { label: 'Owner', value: resident.owner ? 'Yes' : 'No' },
          { label: 'Father', value: joinNamePhone(resident.fname, resident.fPhoneNo) },
          { label: 'Family member 1', value: joinNamePhone(resident.fmName, resident.fmphoneNo) },
          { label: 'Family member 2', value: joinNamePhone(resident.fmName1, resident.fmphoneNo1) },
        ]}
      />
    </>
  );
}

/** The first lines of a request drawer: who asked and how to reach them (name, phone, address). */
export function residentContact(resident: Pick<ResidentCard, 'name' | 'phoneNo' | 'address'>): DetailItem[] {
  return [
    { label: 'Name', value: resident.name },
    { label: 'Phone', value: resident.phoneNo },
    { label: 'Address', value: resident.address },
  ];
}

function joinNamePhone(name: string, phone: string): string {
  return [name, phone].filter(Boolean).join(' · ');
}
