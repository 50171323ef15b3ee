/** Society content: feed, discounts, plots, announcements, video. */
import { MenuScreen } from '../../app/menu-screen';
import { t } from '../../i18n/catalogue';
import { ITEM_LIST_PATH } from '../../lib/item-links';

export default function SocietyMenu() {
  return (
    <MenuScreen
      title={t.society.title}
      items={[
        { to: ITEM_LIST_PATH.post, label: t.society.feed },
        { to: ITEM_LIST_PATH.announcement, label: t.society.announcements },
        { to: ITEM_LIST_PATH.discount, label: t.society.discounts },
        { to: ITEM_LIST_PATH.plot, label: t.society.plots },
        { to: '/society/video', label: t.society.video },
      ]}
    />
  );
}
