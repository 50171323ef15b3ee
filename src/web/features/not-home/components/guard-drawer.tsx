/**
 * 'Not at Home Details' (the Action drawer, spec section 2 "Not at home"): read-only Duration
 * ('from X to Y'), Guard Name, Phone Number, Email and Proceed. Proceed checks the form first and
 * shows the spec's message for the first problem as a toast (section 5); the server checks again
 * and its 400 message is shown if anything got through. Success: 'Guard Assigned' (section 8).
 *
 * On the cancelled and arrived lists — or once the request is over — the same fields are
 * read-only and there is no Proceed.
 */
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { GUARD_MSG, ZAssignGuard, type NotHome } from '../../../../shared/contracts/not-home';
import { MSG } from '../../../../shared/messages';
import { DetailList } from '../../../components/detail-list';
import { SideDrawer } from '../../../components/side-drawer';
import { notifyOutcome } from '../../../lib/notify';
import { useFormErrors, bindText } from '../../../lib/use-form-errors';
import { useAssignGuard, useNotHomeRequest } from '../api/not-home-requests';
import { durationText } from './not-home-columns';
import { STATE_LABELS } from './not-home-view-drawer';

interface GuardDrawerProps {
  request: NotHome | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * The spec's messages in form order (section 5 "Guard assignment"): the three "Please fill in …"
 * first (Guard Name, Phone Number, Email), then the phone format, then the email format — so a
 * form with a bad phone and no email first asks for the email.
 */
const GUARD_ORDER: readonly string[] = [
  GUARD_MSG.nameRequired,
  GUARD_MSG.phoneRequired,
  GUARD_MSG.emailRequired,
  GUARD_MSG.phoneInvalid,
  GUARD_MSG.emailInvalid,
];

function GuardForm({ request, onDone }: { request: NotHome; onDone: () => void }) {
  const [guardName, setGuardName] = useState(request.guardName ?? '');
  const [guardPhone, setGuardPhone] = useState(request.guardPhone ?? '');
  const [guardEmail, setGuardEmail] = useState(request.guardEmail ?? '');
  const assign = useAssignGuard();
  const errors = useFormErrors(ZAssignGuard, { order: GUARD_ORDER });
  const editable = request.state === 'active';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const guard = errors.check({ guardName, guardPhone, guardEmail });
    if (!guard) return;
    assign.mutate({ id: request._id, guard }, notifyOutcome(MSG.guardAssigned, onDone));
  };

  // noValidate: the spec's toasts, not the browser's bubbles, report a missing or bad field.
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Duration" value={durationText(request)} readOnly variant="filled" />
        <TextInput
          label="Guard Name"
          {...bindText(guardName, setGuardName)}
          readOnly={!editable}
          maxLength={100}
          autoComplete="off"
          error={errors.invalid('guardName')}
        />
        <TextInput
          label="Phone Number"
          {...bindText(guardPhone, setGuardPhone)}
          readOnly={!editable}
          inputMode="numeric"
          description={editable ? '11 digits, e.g. 03001234567' : undefined}
          error={errors.invalid('guardPhone')}
          autoComplete="off"
        />
        <TextInput
          label="Email"
          type="email"
          {...bindText(guardEmail, setGuardEmail)}
          readOnly={!editable}
          maxLength={200}
          autoComplete="off"
          error={errors.invalid('guardEmail')}
        />
        {editable ? (
          <Button type="submit" loading={assign.isPending}>
            Proceed
          </Button>
        ) : (
          <Alert color="gray">This request is {STATE_LABELS[request.state]}: a guard can no longer be assigned.</Alert>
        )}
      </Stack>
    </form>
  );
}

export function GuardDrawer({ request, opened, onClose }: GuardDrawerProps) {
  const detail = useNotHomeRequest(opened && request ? request._id : null);
  const current = detail.data ?? request;
  return (
    <SideDrawer opened={opened} onClose={onClose} title="Not at Home Details">
      {current ? (
        <>
          <DetailList
            items={[
              { label: 'Name', value: current.resident.name },
              { label: 'Address', value: current.resident.address },
              { label: 'Phone No', value: current.resident.phoneNo },
            ]}
          />
          <Stack mt="md">
            {/* key: a change of request or of its state starts the form afresh. */}
            <GuardForm key={`${current._id}:${current.state}`} request={current} onDone={onClose} />
          </Stack>
        </>
      ) : null}
    </SideDrawer>
  );
}
