/** Why an order could not be placed; the payment session ends `refused` with these details. */
export class OrderRefused extends Error {
  override name = "OrderRefused";
  constructor(
    message: string,
    readonly details: { errors?: string[]; productVariantIDs?: string[] } = {},
  ) {
    super(message);
  }
}
