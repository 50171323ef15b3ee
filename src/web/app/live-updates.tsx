/**
 * Socket listeners per module, mounted once in the signed-in shell for the modules the sub-role
 * may use (the server only sends a socket the events of its rooms anyway). A module with live events
 * adds its listener component here. (Security alarms — toasts and siren — are the alarm center's,
 * mounted by the shell for every sub-role that hears alarms.) The society's logo (issue 10) is
 * heard by every sub-role: {@link SocietyLogoUpdates}.
 *
 * This module is its own chunk, loaded by the shell as it mounts (app-layout.tsx), not part of the
 * initial load (issue 11): it brings the list machinery and zod, which only matter once a screen
 * (itself a lazy chunk) has cached a list. Listeners catch up at once when they mount after the
 * socket connected ({@link onSocketCatchUp}), so nothing missed meanwhile stays stale.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { z } from 'zod';
import { canUse, type Module } from '../../shared/subroles';
import { meQueryOptions } from '../features/auth/api/get-me';
import { onSocketCatchUp, useSocketEvent } from '../lib/socket';
import { useSetSocietyLogo } from './layout/app-header';
import { ComplaintLiveUpdates } from '../features/complaints/components/complaint-live-updates';
import { DoctorLiveUpdates } from '../features/doctor/components/doctor-live-updates';
import { GroceryLiveUpdates } from '../features/grocery/components/grocery-live-updates';
import { NotHomeLiveUpdates } from '../features/not-home/components/not-home-live-updates';
import { SecurityLiveUpdates } from '../features/security/components/security-live-updates';

const LIVE_UPDATES: { module: Module; Listener: ComponentType }[] = [
  { module: 'complaints', Listener: ComplaintLiveUpdates },
  { module: 'security', Listener: SecurityLiveUpdates },
  { module: 'notHome', Listener: NotHomeLiveUpdates },
  { module: 'grocery', Listener: GroceryLiveUpdates },
  { module: 'doctor', Listener: DoctorLiveUpdates },
];

const ZLogoChanged = z.object({ logoUrl: z.string().nullable() });

/**
 * 'society:logo' {logoUrl} (every staff screen of the society): the header shows the new logo at
 * once. A malformed payload, and every (re)connect (an event may have been missed), refetch `me`.
 */
function SocietyLogoUpdates() {
  const queryClient = useQueryClient();
  const setLogoUrl = useSetSocietyLogo();
  useSocketEvent('society:logo', (payload) => {
    const parsed = ZLogoChanged.safeParse(payload);
    if (parsed.success) setLogoUrl(parsed.data.logoUrl);
    else void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  });
  useEffect(() => onSocketCatchUp(() => void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey })), [queryClient]);
  return null;
}

export function LiveUpdates({ subRole }: { subRole: string }) {
  return (
    <>
      <SocietyLogoUpdates />
      {LIVE_UPDATES.filter(({ module }) => canUse(subRole, module)).map(({ module, Listener }) => (
        <Listener key={module} />
      ))}
    </>
  );
}
