/**
 * 'society:logo' {logoUrl} (every staff screen of the society): the header shows the new logo at
 * once. A malformed payload, and every (re)connect (an event may have been missed), refetch `me`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { meQueryOptions, useSetSocietyLogo } from '../../../lib/me-query';
import { onSocketCatchUp, useSocketEvent } from '../../../lib/socket';

const ZLogoChanged = z.object({ logoUrl: z.string().nullable() });

export function LogoLiveUpdates() {
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
