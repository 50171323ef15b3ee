/**
 * Who is calling, as every service takes it. It lives outside the modules so that any module
 * (auth, which signs staff in; media, which stores their uploads; every desk) can name the caller
 * without importing another module that may import it back.
 */

/**
 * The signed-in staff member: row id, display name, role and sub-role (the module they may use,
 * '' when none), and their society (row id and name). Built by the auth module from a session.
 */
export interface StaffContext {
  id: number;
  name: string;
  role: string;
  subRole: string;
  societyId: number;
  societyName: string;
  /** Signed in with a temporary password that has not been changed yet. */
  mustChangePassword: boolean;
  /** A super-admin of a society that requires two-factor sign-in, who has not turned it on yet. */
  mustEnrolTwoFactor: boolean;
}
