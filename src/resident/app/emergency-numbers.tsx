/**
 * The numbers to call for help, each a tel: link: what the app last saw of the society's own
 * contacts and the resident's assigned guard (lib/emergency.ts), then the national lines. Shown by
 * the offline screen, under a failed SOS press and on the app's crash screen.
 */
import { Anchor, List } from '@mantine/core';
import { NATIONAL_NUMBERS, t } from '../i18n/catalogue';
import { offlineNumbers, readEmergency, type OfflineNumber } from '../lib/emergency';

/** One list of numbers, "label: number", each number a tel: link. */
export function NumberList({ numbers }: { numbers: readonly OfflineNumber[] }) {
  return (
    <List listStyleType="none" spacing="xs" mt="xs">
      {numbers.map((n) => (
        <List.Item key={`${n.kind}-${n.phone}`}>
          {n.label}:{' '}
          <Anchor href={`tel:${n.phone}`} fw={700}>
            {n.phone}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}

/** Every number the app knows, in the order to call them (saved contacts first, then national). */
export function EmergencyNumbers() {
  return <NumberList numbers={offlineNumbers(readEmergency(), NATIONAL_NUMBERS, t.offline.guard)} />;
}
