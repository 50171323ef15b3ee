/**
 * The prescription drawer of /Prescription (spec sections 2 "Prescription" and 5): the patient and
 * the meeting read-only, then Disease, Medicine, Test needed, Things to do and Save. A blank field
 * is reported here as 'Please fill the required fields' before anything is sent (the server
 * checks again and its message is shown the same way). Save moves the consultation to
 * /CompletedDoctor: 'Successfully updated!' (section 8) and the drawer closes.
 */
import { Anchor, Button, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZPrescriptionInput, type Consultation, type PrescriptionInput } from '../../../../shared/contracts/doctor';
import { MSG } from '../../../../shared/messages';
import { DetailList } from '../../../components/detail-list';
import { overdueLine } from '../../../components/overdue-badge';

import { SideDrawer } from '../../../components/side-drawer';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../../shared/format/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormErrors } from '../../../lib/use-form-errors';
import { meetingHref, useSavePrescription } from '../api/consultations';
import { BLANK_FIRST } from '../api/doctor-validation';

const FIELDS: { key: keyof PrescriptionInput; label: string }[] = [
  { key: 'disease', label: 'Disease' },
  { key: 'medicine', label: 'Medicine' },
  { key: 'testNeeded', label: 'Test needed' },
  { key: 'thingsToDo', label: 'Things to do' },
];

const EMPTY: PrescriptionInput = { disease: '', medicine: '', testNeeded: '', thingsToDo: '' };

function PrescriptionForm({ consultation, onDone }: { consultation: Consultation; onDone: () => void }) {
  const [values, setValues] = useState<PrescriptionInput>(EMPTY);
  const save = useSavePrescription();
  const errors = useFormErrors(ZPrescriptionInput, { order: BLANK_FIRST });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prescription = errors.check(values);
    if (!prescription) return;
    // The promise, not mutate's callbacks, which are dropped if the form unmounts meanwhile.
    save.mutateAsync({ id: consultation._id, prescription }).then(
      () => {
        notifySuccess(MSG.successUpdated);
        onDone();
      },
      (error: unknown) => notifyError(errorMessage(error)),
    );
  };

  // noValidate: the spec's toast, not the browser's bubbles, reports a blank field.
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" mt="md">
        {FIELDS.map(({ key, label }) => (
          <Textarea
            key={key}
            label={label}
            withAsterisk
            aria-required
            autosize
            minRows={2}
            maxLength={2000}
            value={values[key]}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setValues((old) => ({ ...old, [key]: text }));
            }}
            error={errors.invalid(key)}
          />
        ))}
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}

interface PrescriptionFormDrawerProps {
  consultation: Consultation | null;
  opened: boolean;
  onClose: () => void;
}

export function PrescriptionFormDrawer({ consultation, opened, onClose }: PrescriptionFormDrawerProps) {
  const href = consultation ? meetingHref(consultation) : null;
  return (
    <SideDrawer opened={opened} onClose={onClose} title="Prescription">
      {consultation ? (
        <>
          <DetailList
            items={[
              ...overdueLine(consultation),
              { label: 'Patient name', value: consultation.patientName },
              { label: 'Phone', value: consultation.patientPhone },
              {
                label: 'Meet Id',
                value: href ? (
                  <Anchor href={href} target="_blank" rel="noopener noreferrer">
                    {consultation.meetingId}
                  </Anchor>
                ) : (
                  consultation.meetingId
                ),
              },
              { label: 'Resident asked', value: consultation.requestDescription },
              { label: 'For the doctor', value: consultation.description },
              { label: 'Doctor ready sent', value: formatDateTime(consultation.readyNotifiedAt) },
            ]}
          />
          {/* key: another consultation starts the form afresh. */}
          <PrescriptionForm key={consultation._id} consultation={consultation} onDone={onClose} />
        </>
      ) : null}
    </SideDrawer>
  );
}
