/**
 * The form of 'Doctor Details' (spec sections 2 "Doctor" and 5): Meet ID (required), Description
 * for the doctor and Generate. 'Create meeting link' asks the server for a fresh, unguessable room
 * and fills Meet ID with it, so staff need not invent one. A missing Meet ID is reported here as
 * 'Please fill the required fields' before anything is sent; the server's 400 says the same and is
 * shown the same way. Success: 'Successfully updated!' (section 8).
 */
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconVideoPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ZGenerateLink, type DoctorRequest } from '../../../../shared/contracts/doctor';
import { MSG } from '../../../../shared/messages';
import { errorMessage } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormErrors, bindText } from '../../../lib/use-form-errors';
import { useFreshMeetingLink, useGenerateLink } from '../api/doctor-requests';
import { BLANK_FIRST } from '../api/doctor-validation';

interface MeetingLinkFormProps {
  request: DoctorRequest;
  onDone: () => void;
}

export function MeetingLinkForm({ request, onDone }: MeetingLinkFormProps) {
  const [meetingId, setMeetingId] = useState('');
  const [description, setDescription] = useState('');
  // The URL of the room the server created, while Meet ID still holds that room.
  const [fresh, setFresh] = useState<{ meetingId: string; meetingUrl: string } | null>(null);
  const freshLink = useFreshMeetingLink();
  const generate = useGenerateLink();
  const errors = useFormErrors(ZGenerateLink, { order: BLANK_FIRST });

  const createLink = () =>
    freshLink.mutate(undefined, {
      onSuccess: (link) => {
        setMeetingId(link.meetingId);
        setFresh(link);
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = errors.check({ meetingId, description });
    if (!link) return;
    // The promise, not mutate's callbacks: the answer marks the request as linked, which replaces
    // this form before mutate's own callbacks would run (they are dropped once it unmounts).
    generate.mutateAsync({ request, link }).then(
      () => {
        notifySuccess(MSG.successUpdated);
        onDone();
      },
      (error: unknown) => notifyError(errorMessage(error)),
    );
  };

  // noValidate: the spec's toast, not the browser's bubble, reports the missing Meet ID.
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" mt="md">
        <TextInput
          label="Meet ID"
          withAsterisk
          aria-required
          {...bindText(meetingId, setMeetingId)}
          error={errors.invalid('meetingId')}
          maxLength={300}
          autoComplete="off"
          description="A room name on the meeting server, or a full meeting URL"
        />
        {fresh && fresh.meetingId === meetingId ? (
          <Text size="xs" c="dimmed">
            Opens at {fresh.meetingUrl}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" leftSection={<IconVideoPlus size={16} aria-hidden />} onClick={createLink} loading={freshLink.isPending}>
            Create meeting link
          </Button>
        </Group>
        <Textarea label="Description" autosize minRows={3} maxLength={2000} {...bindText(description, setDescription)} error={errors.invalid('description')} />
        <Button type="submit" loading={generate.isPending}>
          Generate
        </Button>
      </Stack>
    </form>
  );
}
