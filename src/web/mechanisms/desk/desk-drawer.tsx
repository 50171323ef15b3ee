/**
 * The details drawer of a three-stage desk (complaints, security; STYLE "Distilled" 4): the
 * request's summary, the stage's action (new: the desk's Proceed; processing: Response + checkbox
 * + Submit; completed: nothing), the resident and the history. A successful change toasts
 * 'Successfully updated!' (spec section 8) and closes the drawer; the row leaves the list through
 * the desk's cache update. If someone else moved the request on meanwhile, the drawer says so
 * instead of offering the action.
 */
import { Alert, Divider, Loader, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AuditEntry, ResidentCard } from '../../../shared/contracts/common';
import type { SubmitInput } from '../../../shared/contracts/desk';
import { MSG } from '../../../shared/messages';
import type { Desk, DeskRecord } from './desk-api';
import { stageLabel } from '../../../shared/labels';
import { notifyOutcome } from '../../lib/notify';
import { DetailHistory } from '../../components/audit-trail';
import type { DeskDrawerSlotProps } from './desk-stage-screen';
import { DetailList, type DetailItem } from '../../components/detail-list';
import { ResidentDetails } from '../../components/resident-details';
import { ResolveForm } from './resolve-form';
import { overdueLine } from '../../components/overdue-badge';
import { SideDrawer } from '../../components/side-drawer';

type DeskItem = DeskRecord & { resident: ResidentCard };

/** The new stage's action, e.g. a Proceed button (complaints) or a note and Proceed (security). */
export interface ProceedSlotProps<TItem, TUpdate> {
  item: TItem;
  run: (body: TUpdate) => void;
  pending: boolean;
}

export interface DeskDrawerProps<TItem extends DeskItem, TDetail extends TItem & { history: AuditEntry[] }, TUpdate> extends DeskDrawerSlotProps<TItem> {
  desk: Desk<TItem, TDetail, TUpdate>;
  /** Drawer title (and the dialog's accessible name), e.g. 'Complaints Details'. */
  title: string;
  /** What the request is called in messages, e.g. 'complaint'. */
  noun: string;
  /** Read-only facts at the top of the drawer. */
  summary: (item: TItem) => DetailItem[];
  /** Anything shown between the summary and the action (e.g. an alarm's acknowledgement). */
  extra?: (item: TItem) => ReactNode;
  renderProceed: (props: ProceedSlotProps<TItem, TUpdate>) => ReactNode;
  /** The resolve checkbox's label. */
  confirmLabel: string;
  /** The desk's submit body (the shared ZSubmit shape fits every desk's update union). */
  submitBody: (input: SubmitInput) => TUpdate;
}

export function DeskDrawer<TItem extends DeskItem, TDetail extends TItem & { history: AuditEntry[] }, TUpdate>({
  desk,
  title,
  noun,
  stage,
  item,
  opened,
  onClose,
  summary,
  extra,
  renderProceed,
  confirmLabel,
  submitBody,
}: DeskDrawerProps<TItem, TDetail, TUpdate>) {
  const detail = desk.useDetail(opened && item ? item._id : null);
  const transition = desk.useTransition();
  const current: TItem | null = detail.data ?? item;
  // Only while open: during the closing animation the item has legitimately moved on.
  const movedOn = opened && current !== null && current.stage !== stage;

  const run = (body: TUpdate) => {
    if (!current) return;
    transition.mutate({ id: current._id, body }, notifyOutcome(MSG.successUpdated, onClose));
  };

  return (
    <SideDrawer opened={opened} onClose={onClose} title={title}>
      {current ? (
        <>
          <DetailList items={[...overdueLine(current), ...summary(current)]} />
          {extra?.(current)}
          {movedOn ? (
            <Alert color="yellow" mt="md">
              This {noun} is now {stageLabel(current.stage)}; there is nothing more to do here.
            </Alert>
          ) : null}
          {!movedOn && stage === 'new' ? renderProceed({ item: current, run, pending: transition.isPending }) : null}
          {!movedOn && stage === 'processing' ? (
            <ResolveForm key={current._id} confirmLabel={confirmLabel} submitting={transition.isPending} onSubmit={(input) => run(submitBody(input))} />
          ) : null}
          <Divider mt="lg" />
          <ResidentDetails resident={current.resident} />
          <DetailHistory detail={detail} />
        </>
      ) : (
        <>
          <Title order={4}>Loading</Title>
          <Loader size="sm" />
        </>
      )}
    </SideDrawer>
  );
}
