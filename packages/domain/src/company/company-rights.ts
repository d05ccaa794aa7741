/**
 * Who may do what with a company (A§6), from the user's memberships. The platform decides every
 * company call with this, and the storefront shows or disables controls with the same answer, so
 * a button is never shown for a call the server would refuse.
 *
 * | acts as      | see company | edit, addresses | list users | remove users | order for it |
 * |--------------|:-----------:|:---------------:|:----------:|:------------:|:------------:|
 * | super admin  | ✓           | ✓               | ✓          | ✓            | ✓            |
 * | admin        | ✓           | ✓               | ✓          | ✓            | ✓            |
 * | agent        | ✓           |                 | ✓          |              | ✓            |
 * | member       | ✓           |                 |            |              | ✓            |
 * | anyone else  |             |                 |            |              |              |
 *
 * An agent lists the company's users to pick the contact person of an order (A§4); only admins
 * and super admins change the company (docs/decisions: company rights). A user never removes
 * themselves ({@link mayRemoveCompanyUser}).
 */

export interface CompanyMembership {
  /** The organisation's id. */
  id: string;
  role: "customer" | "agent";
  level: "admin" | "default";
}

export interface CompanyViewer {
  id: string;
  isSuperAdmin: boolean;
  organisations: readonly CompanyMembership[];
}

export type CompanyActor = "super_admin" | "admin" | "agent" | "member" | "none";

export interface CompanyRights {
  actsAs: CompanyActor;
  canView: boolean;
  canEdit: boolean;
  canListUsers: boolean;
  canRemoveUsers: boolean;
}

const RIGHTS: Record<CompanyActor, Omit<CompanyRights, "actsAs">> = {
  super_admin: { canView: true, canEdit: true, canListUsers: true, canRemoveUsers: true },
  admin: { canView: true, canEdit: true, canListUsers: true, canRemoveUsers: true },
  agent: { canView: true, canEdit: false, canListUsers: true, canRemoveUsers: false },
  member: { canView: true, canEdit: false, canListUsers: false, canRemoveUsers: false },
  none: { canView: false, canEdit: false, canListUsers: false, canRemoveUsers: false },
};

/** How the viewer acts in the company: the strongest of super admin, admin, agent, member. */
export function companyActorOf(viewer: CompanyViewer, companyId: string): CompanyActor {
  if (viewer.isSuperAdmin) return "super_admin";
  const membership = viewer.organisations.find((organisation) => organisation.id === companyId);
  if (!membership) return "none";
  if (membership.level === "admin") return "admin";
  return membership.role === "agent" ? "agent" : "member";
}

/**
 * A§4: whether the viewer may order for another person of the company (the customer card's
 * contact picker): a super admin, or an agent of the company. The role decides it, not the level:
 * an agent who is also the company's admin still orders for its customers.
 */
export function mayOrderForOthers(viewer: CompanyViewer, companyId: string): boolean {
  if (viewer.isSuperAdmin) return true;
  return viewer.organisations.some(
    (organisation) => organisation.id === companyId && organisation.role === "agent",
  );
}

export function companyRightsOf(viewer: CompanyViewer, companyId: string): CompanyRights {
  const actsAs = companyActorOf(viewer, companyId);
  return { actsAs, ...RIGHTS[actsAs] };
}

/** A§6: admins and super admins remove users, and nobody removes themselves. */
export function mayRemoveCompanyUser(
  viewer: CompanyViewer,
  companyId: string,
  userId: string,
): boolean {
  return userId !== viewer.id && companyRightsOf(viewer, companyId).canRemoveUsers;
}
