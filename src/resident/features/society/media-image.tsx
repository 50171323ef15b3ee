/** A post's picture (its thumbnail when there is one), lazily loaded, decorative next to the post's text. */
import type { Media } from '../../../shared/contracts/media';

export function MediaImage({ media, alt = '' }: { media: Media; alt?: string }) {
  if (media.kind !== 'image') return null;
  return <img src={media.thumbUrl ?? media.url} alt={alt} loading="lazy" style={{ width: '100%', height: 'auto', borderRadius: 4 }} />;
}
