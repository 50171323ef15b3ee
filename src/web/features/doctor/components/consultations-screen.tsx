/**
 * /Prescription (open consultations) and /CompletedDoctor (done), spec section 2: newest first,
 * 10 per page, searched on the server (page, search and cursor in the URL).
 *
 * On /Prescription the Action opens the meeting in a new tab (from the click itself, so no popup
 * blocker interferes), tells the resident the doctor is ready (the server sends that push once per
 * consultation, however often it is opened) and opens the prescription drawer. On /CompletedDoctor
 * it opens the read-only View drawer.
 */
import { Title } from '@mantine/core';
import { useState } from 'react';
import type { Consultation } from '../../../../shared/contracts/doctor';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import type { ListView } from '../../../lib/list-params';
import { useListParams } from '../../../lib/use-list-params';
import { OverdueFirst } from '../../../mechanisms/desk/overdue-first';
import { meetingHref, useConsultations, useMarkReady, useOverdueConsultations, type ConsultationStage } from '../api/consultations';
import { consultationColumns } from './consultation-columns';
import { PrescriptionFormDrawer } from './prescription-form-drawer';
import { PrescriptionViewDrawer } from './prescription-view-drawer';

const TITLES: Record<ConsultationStage, string> = { open: 'Prescription', done: 'Completed consultations' };
const SEARCH = 'Search patient name, phone, address or Meet Id';

/** /Prescription's overdue list: the open consultations past the processing deadline. */
const useOverdueOpen = (_stage: unknown, view: ListView) => useOverdueConsultations(view);

const EMPTY: Record<ConsultationStage, string> = { open: 'No consultations waiting for a prescription', done: 'No completed consultations' };

export function ConsultationsScreen({ stage }: { stage: ConsultationStage }) {
  const list = useListParams();
  const query = useConsultations(stage, list.view);
  const markReady = useMarkReady();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [snapshot, setSnapshot] = useState<Consultation | null>(null);
  const [opened, setOpened] = useState(false);
  // The row as the list has it now (e.g. once the doctor-ready push was sent), else as it was opened.
  const selected = query.data?.items.find((item) => item._id === selectedId) ?? snapshot;

  const open = (consultation: Consultation) => {
    setSelectedId(consultation._id);
    setSnapshot(consultation);
    setOpened(true);
    if (stage !== 'open') return;
    const href = meetingHref(consultation);
    if (href) window.open(href, '_blank', 'noopener');
    else notifyError('This consultation has no valid meeting link.');
    markReady.mutate({ id: consultation._id }, { onError: (failure) => notifyError(errorMessage(failure)) });
  };

  return (
    <>
      <Title order={2} mb="md">
        {TITLES[stage]}
      </Title>
      {stage === 'open' ? (
        <OverdueFirst<Consultation>
          stage="processing"
          useOverdueList={useOverdueOpen}
          columns={consultationColumns}
          columnsKey="consultations"
          searchPlaceholder={SEARCH}
          onOpen={open}
        />
      ) : null}
      <DataTable<Consultation>
        query={query}
        columns={consultationColumns}
        columnsKey="consultations"
        readOnly={stage !== 'open'}
        rowId={(consultation) => consultation._id}
        onOpen={open}
        list={list}
        searchPlaceholder={SEARCH}
        noRecordsText={list.q ? 'No consultations match this search' : EMPTY[stage]}
        exportOf={{ path: '/api/consultations', query: { stage } }}
      />
      {stage === 'open' ? (
        <PrescriptionFormDrawer consultation={selected} opened={opened} onClose={() => setOpened(false)} />
      ) : (
        <PrescriptionViewDrawer consultation={selected} opened={opened} onClose={() => setOpened(false)} />
      )}
    </>
  );
}
