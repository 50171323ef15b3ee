/**
 * The doctor lists' export columns: new requests (GET /api/doctor/export) and consultations
 * (GET /api/consultations/export). Never the prescription: it is medical data only button-two
 * reads, one at a time, in its drawer.
 */
import type { Consultation, DoctorRequest } from '../../../shared/contracts/doctor.js';
import { overdueColumn, residentCard } from '../../desk/export-columns.js';
import type { ExportColumn } from '../../lib/list-export.js';

export const doctorRequestExportColumns: readonly ExportColumn<DoctorRequest>[] = [
  { title: 'ID', format: 'int', value: (r) => r._id },
  ...residentCard<DoctorRequest>(),
  { title: 'Description', format: 'text', value: (r) => r.description },
  { title: 'Requested', format: 'datetime', value: (r) => r.pressedTime },
  overdueColumn<DoctorRequest>(),
];

/** Consultations: the patient, the meeting and its times; whether a prescription exists, never its text. */
export const consultationExportColumns: readonly ExportColumn<Consultation>[] = [
  { title: 'ID', format: 'int', value: (c) => c._id },
  { title: 'Patient name', format: 'text', value: (c) => c.patientName },
  { title: 'Phone', format: 'text', value: (c) => c.patientPhone },
  { title: 'Address', format: 'text', value: (c) => c.patientAddress },
  { title: 'Email', format: 'text', value: (c) => c.patientEmail },
  { title: 'Father name', format: 'text', value: (c) => c.Fname },
  { title: 'Father phone', format: 'text', value: (c) => c.Fphone },
  { title: 'Family member', format: 'text', value: (c) => c.FMname },
  { title: 'Family member phone', format: 'text', value: (c) => c.FMphone },
  { title: 'Family member 2', format: 'text', value: (c) => c.FMname1 },
  { title: 'Family member 2 phone', format: 'text', value: (c) => c.FMphone1 },
  { title: 'Meet Id', format: 'text', value: (c) => c.meetingId },
  { title: 'Status', format: 'text', value: (c) => c.meetingStatus },
  { title: 'Prescription written', format: 'text', value: (c) => (c.prescription ? 'Yes' : 'No') },
  { title: 'Requested', format: 'datetime', value: (c) => c.pressedTime },
  { title: 'Link generated', format: 'datetime', value: (c) => c.linkGeneratedAt },
  { title: 'Prescribed', format: 'datetime', value: (c) => c.prescribedAt },
  overdueColumn<Consultation>(),
];
