import type { CurrentUser } from "@kassa/api-client";
import type { CompanyViewer } from "@kassa/domain";

/** The logged-in user as the company rules read them (A§6 rights, A§4's customer card). */
export function viewerOf(user: CurrentUser): CompanyViewer {
  return {
    id: user.id,
    isSuperAdmin: user.is_super_admin,
    organisations: user.organisations.map(({ id, role, level }) => ({ id, role, level })),
  };
}
