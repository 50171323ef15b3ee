/**
 * Keeps the overdue list (the /Deadlines table and super-admin's bell) live: 'overdue-raised'
 * (an item just became overdue) and every (re)connect refetch it. The desks' own lists get the
 * badge from their desk's updated event, which the server sends with it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSocketCatchUp, useSocketEvent } from '../../../lib/socket';
import { overdueListsKey } from '../api/deadlines';

export function OverdueListener() {
  const queryClient = useQueryClient();
  useSocketEvent('overdue-raised', () => void queryClient.invalidateQueries({ queryKey: overdueListsKey }));
  useEffect(() => onSocketCatchUp(() => void queryClient.invalidateQueries({ queryKey: overdueListsKey })), [queryClient]);
  return null;
}
