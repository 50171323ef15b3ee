/**
 * One item's screen, what a push or a notification record opens (`<list path>/:id`,
 * lib/item-links.ts): a back link to the item's list, the kind's heading, and the item drawn by the
 * list's own card (`children`). It reads `GET /api/resident/<kind>/{id}` (lib/item-query.ts) under
 * the list's query key, so whatever refreshes the list (the resident socket, the list's own
 * mutations) refreshes the item too. A 404 (not the resident's, deleted, or a made-up link) and an
 * id that is no id say "This item is not available"; other failures offer a retry.
 */
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { PushItemType } from '../../shared/contracts/push';
import { t } from '../i18n/catalogue';
import { api, ApiError } from '../lib/api';
import { ITEM_LIST_PATH } from '../lib/item-links';
import { itemApiPath, itemQueryKey, parseItemId } from '../lib/item-query';
import { ErrorNotice } from './error-notice';
import { Loading } from './loading';
import { Screen } from './screen';

/** The name of each kind's list, for the back link (the list's own heading). */
const LIST_NAME: Readonly<Record<PushItemType, string>> = {
  alarm: t.sos.title,
  complaint: t.services.complaints,
  nothome: t.services.notHome,
  order: t.services.grocery,
  consultation: t.services.doctor,
  bill: t.bills.title,
  post: t.society.feed,
  discount: t.society.discounts,
  plot: t.society.plots,
  announcement: t.society.announcements,
  message: t.notifications.title,
};

/** The item of kind `type` named by the route's `:id`, drawn by `children` once read. */
export function ItemScreen<T>({ type, children }: { type: PushItemType; children: (item: T) => ReactNode }) {
  const id = parseItemId(useParams().id);
  const item = useQuery({
    queryKey: itemQueryKey(type, id ?? 0),
    queryFn: ({ signal }) => api.get<T>(itemApiPath(type, id ?? 0), undefined, signal),
    enabled: id !== null,
  });
  const missing = id === null || (item.error instanceof ApiError && item.error.status === 404);
  return (
    <Screen title={t.item.title[type]} back={{ to: ITEM_LIST_PATH[type], label: LIST_NAME[type] }}>
      {missing ? (
        <Alert color="gray" role="status">
          {t.item.notAvailable}
        </Alert>
      ) : item.isPending ? (
        <Loading />
      ) : item.isError ? (
        <ErrorNotice error={item.error} onRetry={() => void item.refetch()} />
      ) : (
        children(item.data)
      )}
    </Screen>
  );
}
