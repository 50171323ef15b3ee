/**
 * Discounts (GET /api/resident/discounts), by category: the chosen one is sent as `?category=` (the
 * server filters; the page shown is filtered too, harmlessly). The choices are the categories seen
 * on the page (the API lists no categories).
 */
import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import type { Discount } from '../../../shared/contracts/posts';
import { Screen } from '../../app/screen';
import { t } from '../../i18n/catalogue';
import { ListState } from '../../lib/list-state';
import { Pager, usePaged } from '../../lib/paged';
import { keys } from '../../lib/query-client';
import { DiscountCard } from './discount-card';

export default function DiscountsScreen() {
  const [category, setCategory] = useState('');
  const { list, page, setPage } = usePaged<Discount>(keys.discounts, '/api/resident/discounts', { category: category || undefined });
  const categories = [...new Set([...(list.data?.items.map((d) => d.category) ?? []), ...(category ? [category] : [])])].sort();
  return (
    <Screen title={t.society.discounts} back={{ to: '/society', label: t.society.title }}>
      <NativeSelect
        label={t.society.category}
        value={category}
        onChange={(e) => {
          setCategory(e.currentTarget.value);
          setPage(1);
        }}
        data={[{ value: '', label: t.society.allCategories }, ...categories.map((c) => ({ value: c, label: c }))]}
      />
      <ListState list={list}>
        {(items) => items.filter((d) => !category || d.category === category).map((d) => <DiscountCard key={d._id} discount={d} />)}
      </ListState>
      <Pager page={page} setPage={setPage} hasOlder={list.data?.nextAfter != null} />
    </Screen>
  );
}
