import type { CompanyFormValues } from "./company-form-values";

/**
 * What the company screen's loader gives its components (A§2, A§4): plain values, shaped for the
 * page, never the platform's whole answers.
 */

export interface CompanyChoice {
  id: string;
  name: string;
  organisationNumber: string;
  inactive: boolean;
}

export interface CompanyUserRow {
  id: string;
  name: string;
  email: string;
  role: "admin" | "agent" | "member";
  verified: boolean;
  isSelf: boolean;
  /** A§6: admins and super admins remove users, never themselves. */
  removable: boolean;
}

export type CompanyUsersView =
  | { status: "loaded"; rows: CompanyUserRow[]; page: number; totalPages: number; total: number }
  | { status: "failed"; message: string };

export interface SelectedCompany {
  id: string;
  name: string;
  organisationNumber: string;
  /** A§4: a company whose status is not 'active' is inactive. */
  inactive: boolean;
  creditValid: boolean;
  /** A§5, A§6: edit the fields, add and remove addresses, save (admins, super admins). */
  canEdit: boolean;
  /** A§2, A§6: the users tab, and removing users (admins, super admins). */
  canManageUsers: boolean;
  form: CompanyFormValues;
  /** Changes whenever the stored values do: the form starts over with them. */
  formVersion: string;
}
