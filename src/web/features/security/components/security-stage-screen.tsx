/**
 * One security list screen per stage: /Security (new), /ProcessSec (processing) and
 * /CompletedSecurity — the shared desk stage screen configured for alarms, with how many
 * security staff are online in the heading, and (on /Security) the SOS drills button.
 */
import type { Stage } from '../../../../shared/contracts/desk';
import type { SecurityAlert } from '../../../../shared/contracts/security';
import { DeskStageScreen } from '../../../mechanisms/desk/desk-stage-screen';
import { securityDesk } from '../api/security-desk';
import { securityColumns } from './security-columns';
import { SecurityDrawer } from './security-drawer';
import { Group } from '@mantine/core';
import { DrillsButton } from './drills-button';
import { SecurityPresence } from './security-presence';

const TITLES: Record<Stage, string> = {
  new: 'Security alerts',
  processing: 'Processing security',
  completed: 'Completed security',
};

const EMPTY: Record<Stage, string> = {
  new: 'No new security alerts',
  processing: 'No security alerts in processing',
  completed: 'No completed security alerts',
};

export function SecurityStageScreen({ stage }: { stage: Stage }) {
  return (
    <DeskStageScreen<SecurityAlert>
      stage={stage}
      useList={securityDesk.useList}
      exportPath="/api/security"
      title={TITLES[stage]}
      columns={securityColumns}
      columnsKey="security"
      searchPlaceholder="Search name, phone, address or issue"
      emptyText={EMPTY[stage]}
      noMatchText="No security alerts match this search"
      headerExtra={
        stage === 'new' ? (
          <Group gap="sm">
            <SecurityPresence />
            <DrillsButton />
          </Group>
        ) : (
          <SecurityPresence />
        )
      }
      renderDrawer={(props) => <SecurityDrawer {...props} />}
    />
  );
}
