/**
 * /Discounts (spec section 2 "Discounts"), for the discounts and cms-all sub-roles: the society's
 * offers 5 a page with search and delete, and 'Add Post' with the form and preview.
 */
import { PostScreen } from '../../../mechanisms/posts/post-screen';
import { discounts } from '../api/discounts';
import { discountColumns } from './discount-columns';
import { DiscountForm } from './discount-form';

export function DiscountsScreen() {
  return (
    <PostScreen
      title="Discounts"
      renderForm={(close) => <DiscountForm onClose={close} />}
      list={{
        label: 'Discounts',
        posts: discounts,
        columns: discountColumns,
        columnsKey: 'discounts',
        searchPlaceholder: 'Search brand, branch, category or description',
      }}
    />
  );
}
