/** Feed: /CMS. */
import { lazyScreen, type WebFeature } from '../../lib/web-feature';

export const feed: WebFeature = {
  module: 'feed',
  title: 'Feed',
  screens: { '/CMS': lazyScreen(() => import('./components/feed-screen').then((m) => m.FeedScreen)) },
};
