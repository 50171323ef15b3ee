import { not } from 'drizzle-orm';
import { residents } from '../../db/schema.js';

/**
 * Every real resident: not the society's drill resident (the card SOS drills press), who is in no
 * list, search, bill, campaign or notification, and never signs in.
 */
export const realResident = not(residents.isDrill);

/**
 * The resident fields every desk row carries (selected as a nested `resident` object), mapped to
 * the spec's resident card by `toResidentCard`.
 */
export const residentCardColumns = {
  id: residents.id,
  residentCode: residents.residentCode,
  name: residents.name,
  phone: residents.phone,
  email: residents.email,
  age: residents.age,
  house: residents.house,
  street: residents.street,
  block: residents.block,
  designation: residents.designation,
  isOwner: residents.isOwner,
  fatherName: residents.fatherName,
  fatherPhone: residents.fatherPhone,
  fm1Name: residents.fm1Name,
  fm1Phone: residents.fm1Phone,
  fm2Name: residents.fm2Name,
  fm2Phone: residents.fm2Phone,
  pushToken: residents.pushToken,
};

/**
 * The columns of a resident's own profile (GET /api/resident/me): the card's columns without the
 * push token, plus the account status and whether a staff reset asks for a new password. Never
 * the password hash.
 */
export const residentProfileColumns = (({ pushToken: _pushToken, ...card }) => ({
  ...card,
  status: residents.status,
  mustChangePassword: residents.mustChangePassword,
}))(residentCardColumns);
