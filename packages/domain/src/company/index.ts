export {
  type AddressKind,
  type CompanyAddressForm,
  type CompanyForm,
  companyAddressSchema,
  companyFormSchema,
  MAX_COMPANY_ADDRESSES,
  type NewAddressForm,
  newAddressSchema,
} from "./company-form.js";
export {
  COMPANY_VALIDATION,
  type CompanyValidationRule,
  companyValidationText,
} from "./company-messages.js";
export {
  type CompanyActor,
  type CompanyMembership,
  type CompanyRights,
  type CompanyViewer,
  companyActorOf,
  companyRightsOf,
  mayOrderForOthers,
  mayRemoveCompanyUser,
} from "./company-rights.js";
export {
  addedAddressNameKey,
  addedAddressNumber,
  COMPANY_PAGE_SIZE,
  canRemoveCompanyAddress,
  FIRST_PAGE,
  pageNumberOf,
  reconcileCompanySelection,
} from "./company-selection.js";
export {
  type CustomerCardUser,
  type CustomerReference,
  type CustomerReferenceCompany,
  contactCandidates,
  customerReferenceOf,
  defaultAddressOf,
  isCompanyPickerDisabled,
  showsContactPicker,
} from "./customer-card.js";
