/**
 * Discounts (GET /api/resident/discounts), by category: the chosen one is sent as `?category=` (the
 * server filters; the page shown is filtered too, harmlessly). The choices are the society's
 * categories that hold offers now, with their counts (GET /api/resident/discounts/categories),
 * and the chosen one even when it has none left.
 */
import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Discount, DiscountCategoryList } from '../../../shared/contracts/posts';
import { api } from '../../lib/api';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { DiscountCard } from './discount-card';

export default function DiscountsScreen() {
  const [category, setCategory] = useState('');
  const { list, page, setPage } = usePaged<Discount>(keys.discounts, '/api/resident/discounts', { category: category || undefined });
  const counts = useQuery({
    queryKey: [...keys.discounts, 'categories'],
    queryFn: ({ signal }) => api.get<DiscountCategoryList>('/api/resident/discounts/categories', undefined, signal),
  });
  const categories = (counts.data?.items ?? []).filter((c) => c.count > 0 || c.category === category);
  return (
    <Screen title={t.society.discounts} back={{ to: '/society', label: t.society.title }}>
      <NativeSelect
        label={t.society.category}
        value={category}
        onChange={(e) => {
          setCategory(e.currentTarget.value);
          setPage(1);
        }}
        data={[
          { value: '', label: t.society.allCategories },
          ...categories.map((c) => ({ value: c.category, label: t.society.categoryCount(c.category, c.count) })),
          // Chosen before the counts arrived (or they failed): still shown as chosen.
          ...(category && !categories.some((c) => c.category === category) ? [{ value: category, label: category }] : []),
        ]}
      />
      <ListState list={list}>
        {(items) => items.filter((d) => !category || d.category === category).map((d) => <DiscountCard key={d._id} discount={d} />)}
      </ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
