/** The View drawer of every not-at-home list: the whole request, read-only. */
import { Badge, Title } from '@mantine/core';
import type { NotHome, NotHomeState } from '../../../../shared/contracts/not-home';
import { DetailList } from '../../../components/detail-list';
import { ResidentDetails } from '../../../components/resident-details';
import { SideDrawer } from '../../../components/side-drawer';
import { formatDateTime } from '../../../../shared/format/dates';
import { useNotHomeRequest } from '../api/not-home-requests';
import { durationText } from './not-home-columns';

export const STATE_LABELS: Record<NotHomeState, string> = { active: 'Active', cancelled: 'Cancelled', arrived: 'Arrived' };
const STATE_COLORS: Record<NotHomeState, string> = { active: 'teal', cancelled: 'gray', arrived: 'blue' };

interface ViewDrawerProps {
  request: NotHome | null;
  opened: boolean;
  onClose: () => void;
}

export function NotHomeViewDrawer({ request, opened, onClose }: ViewDrawerProps) {
  const detail = useNotHomeRequest(opened && request ? request._id : null);
  const current = detail.data ?? request;
  return (
    <SideDrawer opened={opened} onClose={onClose} title="Not at Home Request">
      {current ? (
        <>
          <DetailList
            items={[
              {
                label: 'Status',
                value: (
                  <Badge color={STATE_COLORS[current.state]} variant="light">
                    {STATE_LABELS[current.state]}
                  </Badge>
                ),
              },
              { label: 'Duration', value: durationText(current) },
              { label: 'Days', value: current.days },
              { label: 'Requested', value: formatDateTime(current.pressedTime) },
              ...(current.cancelledAt ? [{ label: 'Cancelled', value: formatDateTime(current.cancelledAt) }] : []),
              ...(current.arrivedAt ? [{ label: 'Arrived', value: formatDateTime(current.arrivedAt) }] : []),
            ]}
          />
          <Title order={4} mt="md" mb="xs">
            Guard
          </Title>
          <DetailList
            items={[
              { label: 'Guard Name', value: current.guardName ?? 'Not assigned' },
              { label: 'Phone Number', value: current.guardPhone ?? '' },
              { label: 'Email', value: current.guardEmail ?? '' },
            ]}
          />
          <ResidentDetails resident={current.resident} />
        </>
      ) : null}
    </SideDrawer>
  );
}
