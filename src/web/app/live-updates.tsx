/**
 * Socket listeners per module, mounted once in the signed-in shell for the modules the sub-role
 * may use (the server only sends a socket the events of its rooms anyway). A module with live events
 * adds its listener component here. (Security alarms — toasts and siren — are the alarm center's,
 * mounted by the shell for every sub-role that hears alarms.)
 */
import type { ComponentType } from 'react';
import { canUse, type Module } from '../../shared/subroles';
import { ComplaintLiveUpdates } from '../features/complaints/components/complaint-live-updates';
import { DoctorLiveUpdates } from '../features/doctor/components/doctor-live-updates';
import { GroceryLiveUpdates } from '../features/grocery/components/grocery-live-updates';
import { NotHomeLiveUpdates } from '../features/nothome/components/nothome-live-updates';
import { SecurityLiveUpdates } from '../features/security/components/security-live-updates';

const LIVE_UPDATES: { module: Module; Listener: ComponentType }[] = [
  { module: 'complaints', Listener: ComplaintLiveUpdates },
  { module: 'security', Listener: SecurityLiveUpdates },
  { module: 'notHome', Listener: NotHomeLiveUpdates },
  { module: 'grocery', Listener: GroceryLiveUpdates },
  { module: 'doctor', Listener: DoctorLiveUpdates },
];

export function LiveUpdates({ subRole }: { subRole: string }) {
  return (
    <>
      {LIVE_UPDATES.filter(({ module }) => canUse(subRole, module)).map(({ module, Listener }) => (
        <Listener key={module} />
      ))}
    </>
  );
}
