/** The services: complaints, not at home, grocery, doctor, bills. */
import { MenuScreen } from '../../app/menu-screen';
import { t } from '../../i18n/catalogue';

export default function ServicesMenu() {
  return (
    <MenuScreen
      title={t.services.title}
      items={[
        { to: '/services/complaints', label: t.services.complaints },
        { to: '/services/not-home', label: t.services.notHome },
        { to: '/services/grocery', label: t.services.grocery },
        { to: '/services/doctor', label: t.services.doctor },
        { to: '/services/bills', label: t.services.bills },
      ]}
    />
  );
}
