export { Alert, type AlertProps, type AlertVariant } from "./Alert.js";
export { Badge, type BadgeProps, type BadgeVariant } from "./Badge.js";
export { Banner, type BannerProps, type BannerVariant } from "./Banner.js";
export { Breadcrumb, type BreadcrumbItem, type BreadcrumbProps } from "./Breadcrumb.js";
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClasses,
} from "./Button.js";
export { Card, type CardProps, type CardTone } from "./Card.js";
export { CartLine, type CartLineDetail, type CartLineProps } from "./CartLine.js";
export { CartSummary, type CartSummaryLine, type CartSummaryProps } from "./CartSummary.js";
export { CartSummarySkeleton, type CartSummarySkeletonProps } from "./CartSummarySkeleton.js";
export { Checkbox, type CheckboxProps } from "./Checkbox.js";
export { Combobox, type ComboboxOption, type ComboboxProps } from "./Combobox.js";
export {
  ConfirmationSection,
  type ConfirmationSectionProps,
} from "./ConfirmationSection.js";
export { CountdownText, type CountdownTextProps, formatCountdown } from "./Countdown.js";
export { Dialog, type DialogProps } from "./Dialog.js";
export { DiscountBadge, type DiscountBadgeProps } from "./DiscountBadge.js";
export {
  DEFAULT_UPLOAD_MESSAGES,
  DropZone,
  type DropZoneProps,
  type UploadItem,
  type UploadMessages,
} from "./DropZone.js";
export { Field, type FieldControlProps, type FieldProps } from "./Field.js";
export { FieldErrors, type FieldErrorsProps } from "./FieldErrors.js";
export { Fieldset, type FieldsetProps } from "./Fieldset.js";
export { Input, type InputProps } from "./Input.js";
export {
  type MarketOption,
  MarketSelector,
  type MarketSelectorForm,
  type MarketSelectorProps,
} from "./MarketSelector.js";
export { Pagination, type PaginationLabels, type PaginationProps } from "./Pagination.js";
export {
  PasswordCriteria,
  type PasswordCriteriaProps,
  type PasswordCriterion,
} from "./PasswordCriteria.js";
export { PasswordInput, type PasswordInputProps } from "./PasswordInput.js";
export { Price, type PriceProps, type PriceSize } from "./Price.js";
export { ProductCard, type ProductCardProps, type ProductSwatch } from "./ProductCard.js";
export {
  type ButtonLikeProps,
  QuantityStepper,
  type QuantityStepperProps,
} from "./QuantityStepper.js";
export { RadioGroup, type RadioGroupProps, type RadioOption } from "./RadioGroup.js";
export { Select, type SelectProps } from "./Select.js";
export { Skeleton, type SkeletonProps } from "./Skeleton.js";
export { Spinner, type SpinnerProps } from "./Spinner.js";
export { StrengthMeter, type StrengthMeterProps } from "./StrengthMeter.js";
export { type TabLinkItem, TabLinks, type TabLinksProps } from "./TabLinks.js";
export { Textarea, type TextareaProps } from "./Textarea.js";
export {
  Toaster,
  type ToasterProps,
  type ToastMessage,
  type ToastVariant,
} from "./Toaster.js";
export { type VariantOption, VariantPicker, type VariantPickerProps } from "./VariantPicker.js";
export { WishlistButton, type WishlistButtonProps } from "./WishlistButton.js";
