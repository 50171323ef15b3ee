/**
 * The society's logo (spec sections 1 "logoId" and 2 "Logo"):
 * PUT /api/logo {mediaId} → 200 {logo: Media | null}. `mediaId` must be an image uploaded by this
 * society (POST /api/media); otherwise 400 naming `mediaId` (MSG.mediaUnknown, MSG.mediaNotImage,
 * or 'Not a valid media id.'). The server then tells every staff screen of the society (socket
 * event), whose headers show the new logo; `onSaved` gets the new display URL for this screen at once.
 */
import { useMutation } from '@tanstack/react-query';
import { ZLogo, type Logo } from '../../../../shared/contracts/content';
import { api } from '../../../lib/api-client';

export function setLogo(mediaId: string): Promise<Logo> {
  return api.put('/api/logo', { mediaId }, { schema: ZLogo });
}

/** Sets the logo; `onSaved(url)` runs on success with the logo's display URL (null: none). */
export function useSetLogo(onSaved: (logoUrl: string | null) => void) {
  return useMutation({
    mutationFn: setLogo,
    onSuccess: ({ logo }) => onSaved(logo?.url ?? null),
  });
}
