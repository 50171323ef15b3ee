/** The services: complaints, not at home, grocery, doctor, bills. */
import { MenuScreen } from '../../app/menu-screen';
import { t } from '../../i18n/catalogue';
import { ITEM_LIST_PATH } from '../../lib/item-links';

export default function ServicesMenu() {
  return (
    <MenuScreen
      title={t.services.title}
      items={[
        { to: ITEM_LIST_PATH.complaint, label: t.services.complaints },
        { to: ITEM_LIST_PATH.nothome, label: t.services.notHome },
        { to: ITEM_LIST_PATH.order, label: t.services.grocery },
        { to: ITEM_LIST_PATH.consultation, label: t.services.doctor },
        { to: ITEM_LIST_PATH.bill, label: t.services.bills },
      ]}
    />
  );
}
