/**
 * Table columns of /Grocery after the Action column, in the spec's order (section 2 "Grocery
 * list": the resident card's name, phoneNo, address, age, email, fname, fPhoneNo, fmName,
 * fmphoneNo, fmName1, fmphoneNo1), with readable titles.
 */
import type { GroceryRequest } from '../../../../shared/contracts/grocery';
import { overdueColumn } from '../../../components/overdue-badge';
import { residentCardColumns } from '../../../components/resident-card-columns';

export const groceryColumns = [...residentCardColumns<GroceryRequest>(), overdueColumn<GroceryRequest>()];
