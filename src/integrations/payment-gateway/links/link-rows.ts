// The columns every area's payment-link table shares (the area's table adds its record's id and its statuses);
// its SQL stays in the area's repository.
export interface PaymentLinkRow {
  link_id: number;
  link_reference: string;
  gateway_order_ref: string;
  payment_url: string;
  /** Decimal text (numeric::text). */
  amount: string;
  currency: string;
  callback_token_hash: Buffer;
  expires_at: Date;
}

/** A link to record, once its gateway order is open. */
export interface NewPaymentLink {
  linkReference: string;
  gatewayOrderRef: string;
  paymentUrl: string;
  amount: string;
  currency: string;
  callbackTokenHash: Buffer;
  expiresAt: Date;
  now: Date;
}
