/**
 * 'Doctor Details' (the /Doctor Action drawer, 40% wide; spec section 2 "Doctor"): the request
 * read-only, the meeting link form, the resident and the request's history. If the link was
 * generated meanwhile (here or on another screen), the drawer says so instead of offering the form.
 */
import { Alert, Divider } from '@mantine/core';
import type { DoctorRequest } from '../../../../shared/contracts/doctor';
import { DetailHistory } from '../../../components/audit-trail';
import { DetailList } from '../../../components/detail-list';
import { overdueLine } from '../../../components/overdue-badge';

import { ResidentDetails } from '../../../components/resident-details';
import { SideDrawer } from '../../../components/side-drawer';
import { formatDateTime } from '../../../../shared/format/dates';
import { useDoctorRequest } from '../api/doctor-requests';
import { MeetingLinkForm } from './meeting-link-form';
import { residentContact } from '../../../components/resident-details';

interface DoctorDetailsDrawerProps {
  /** The row that was opened (null until one is). */
  request: DoctorRequest | null;
  opened: boolean;
  onClose: () => void;
}

export function DoctorDetailsDrawer({ request, opened, onClose }: DoctorDetailsDrawerProps) {
  const detail = useDoctorRequest(opened && request ? request._id : null);
  const current = detail.data ?? request;
  // Only while open: during the closing animation the request has legitimately moved on.
  const linked = opened && current !== null && current.edit;

  return (
    <SideDrawer opened={opened} onClose={onClose} title="Doctor Details">
      {current ? (
        <>
          <DetailList
            items={[
              ...overdueLine(current),
              ...residentContact(current.resident),
              { label: 'Requested', value: formatDateTime(current.pressedTime) },
              { label: "Resident's words", value: current.description },
            ]}
          />
          {linked ? (
            <Alert color="yellow" mt="md">
              A meeting link has already been generated for this request; it is on the Prescription list.
            </Alert>
          ) : (
            // key: another request starts the form afresh.
            <MeetingLinkForm key={current._id} request={current} onDone={onClose} />
          )}
          <Divider mt="lg" />
          <ResidentDetails resident={current.resident} />
          <DetailHistory detail={detail} />
        </>
      ) : null}
    </SideDrawer>
  );
}
