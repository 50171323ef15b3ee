/** Society content: feed, discounts, plots, announcements, video. */
import { MenuScreen } from '../../app/menu-screen';
import { t } from '../../i18n/catalogue';

export default function SocietyMenu() {
  return (
    <MenuScreen
      title={t.society.title}
      items={[
        { to: '/society/feed', label: t.society.feed },
        { to: '/society/announcements', label: t.society.announcements },
        { to: '/society/discounts', label: t.society.discounts },
        { to: '/society/plots', label: t.society.plots },
        { to: '/society/video', label: t.society.video },
      ]}
    />
  );
}
