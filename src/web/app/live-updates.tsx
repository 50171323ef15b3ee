/**
 * The features' socket listeners (app/features.ts), mounted once in the signed-in shell for the
 * modules the sub-role may use (the server only sends a socket the events of its rooms anyway);
 * a feature `heardByEveryone` (the logo) for every sub-role. Security alarms — toasts and siren —
 * are the alarm center's, mounted by the shell for every sub-role that hears alarms.
 *
 * This module and each listener are chunks of their own, loaded as the shell mounts (app-layout.tsx),
 * not part of the initial load: they bring the list machinery and zod, which only matter once a
 * screen (itself a lazy chunk) has cached a list. Listeners catch up at once when they mount after
 * the socket connected (`onSocketCatchUp`), so nothing missed meanwhile stays stale.
 */
import { Suspense } from 'react';
import { canUse } from '../../shared/subroles';
import { QuietBoundary } from '../components/error-boundaries';
import { ListenerLoading } from '../lib/listener-loading';
import { FEATURES } from './features';

export function LiveUpdates({ subRole }: { subRole: string }) {
  return FEATURES.filter((feature) => feature.heardByEveryone || canUse(subRole, feature.module)).flatMap(({ module, liveUpdates = [] }) =>
    liveUpdates.map((Listener, index) => (
      // Each listener waits for its own chunk only; the header's 'Live' waits for all of them. One
      // that fails (its chunk, its code) is reported and leaves nothing: the others, the screen and
      // the alarm center go on.
      <QuietBoundary key={`${module}-${index}`} kind="listener" name={`the ${module} live listener`}>
        <Suspense fallback={<ListenerLoading />}>
          <Listener />
        </Suspense>
      </QuietBoundary>
    )),
  );
}
