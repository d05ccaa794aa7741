/**
 * Texts of the company calls that the spec does not name. The spec's own (and the contract's)
 * are `COMPANY_DETAILS` of `@kassa/api-client`; these are the `details` of a 403 (why the caller
 * was refused) and the field errors of an update, which a person reads but no client switches on.
 */
export const COMPANY_TEXTS = {
  /** 403 `Unauthorized` of an update by a member or an agent. */
  editRefused: "Only the company's administrators may change it",
  /** 403 `Unauthorized` of a user list, to anyone but admins, agents and super admins. */
  usersRefused: "Only the company's administrators and agents may list its users",
  /** 403 `Unauthorized` of a removal by a member or an agent. */
  removeRefused: "Only the company's administrators may remove its users",
  /** The `message` of a successful removal (A§7: the answer needs `success`). */
  userRemoved: "User removed",
  /** An update's address `id` that is not one of this company's addresses of that kind. */
  addressNotFound: "Address not found among this company's addresses of this kind",
  /** An update naming one stored address twice. */
  addressRepeated: "Address is listed more than once",
} as const;
