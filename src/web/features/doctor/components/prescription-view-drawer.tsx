/**
 * The View drawer of /CompletedDoctor (spec section 2 "Completed doctor"): the consultation and its
 * prescription — Medicine, Test Needed, Things To Do and Disease — read through the audited
 * prescription route each time the drawer opens (nothing is kept after it closes). When the server
 * refuses (403: prescriptions are for the doctor desk and the patient only), its message is shown
 * instead of the fields.
 */
import { Alert, Loader, Text, Title } from '@mantine/core';
import type { Consultation } from '../../../../shared/contracts/doctor';
import { DetailList } from '../../../components/detail-list';
import { ResidentDetails } from '../../../components/resident-details';
import { SideDrawer } from '../../../components/side-drawer';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../../shared/format/dates';
import { usePrescription } from '../api/consultations';

interface PrescriptionViewDrawerProps {
  consultation: Consultation | null;
  opened: boolean;
  onClose: () => void;
}

/** Keeps the writer's line breaks. */
const multiline = (text: string) =>
  text ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  ) : (
    ''
  );

export function PrescriptionViewDrawer({ consultation, opened, onClose }: PrescriptionViewDrawerProps) {
  const prescription = usePrescription(opened && consultation ? consultation._id : null);
  return (
    <SideDrawer opened={opened} onClose={onClose} title="Prescription Details">
      {consultation ? (
        <>
          <DetailList
            items={[
              { label: 'Patient name', value: consultation.patientName },
              { label: 'Phone', value: consultation.patientPhone },
              { label: 'Meet Id', value: consultation.meetingId },
              { label: 'Status', value: consultation.meetingStatus },
            ]}
          />
          <Title order={4} mt="md" mb="xs">
            Prescription
          </Title>
          {prescription.isLoading ? <Loader size="sm" aria-label="Loading prescription" /> : null}
          {prescription.isError ? <Alert color="red">{errorMessage(prescription.error)}</Alert> : null}
          {prescription.data ? (
            <DetailList
              items={[
                { label: 'Medicine', value: multiline(prescription.data.medicine) },
                { label: 'Test Needed', value: multiline(prescription.data.testNeeded) },
                { label: 'Things To Do', value: multiline(prescription.data.thingsToDo) },
                { label: 'Disease', value: multiline(prescription.data.disease) },
                { label: 'Prescribed by', value: prescription.data.prescribedBy },
                { label: 'Prescribed', value: formatDateTime(prescription.data.prescribedAt) },
              ]}
            />
          ) : null}
          <ResidentDetails resident={consultation.resident} />
        </>
      ) : null}
    </SideDrawer>
  );
}
