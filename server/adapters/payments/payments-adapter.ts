/**
 * The payment provider behind one interface: Mercado Pago subscriptions without a
 * plan, or the built-in sandbox checkout. Amounts cross this boundary as integer cents; only the
 * Mercado Pago implementation converts them to decimal reais.
 */
export interface CreatePreapprovalInput {
  /** our subscription id, so a notification maps back to our row */
  externalReference: string;
  payerEmail: string;
  /** what the payer sees at checkout and on the card statement */
  reason: string;
  amountCents: number;
  /** where the buyer returns after checkout (under PUBLIC_URL); never proof of payment */
  backUrl: string;
  freeTrialDays: number;
  /** ours, one per checkout attempt, so a repeated call cannot create a second subscription */
  idempotencyKey: string;
}

/** A preapproval as the provider holds it (the truth every sync re-reads). */
export interface Preapproval {
  id: string;
  /** the provider's word: pending | authorized | paused | cancelled | anything new */
  status: string;
  externalReference: string | null;
  initPoint: string | null;
  payerEmail: string | null;
  amountCents: number | null;
  freeTrialDays: number | null;
  nextPaymentDate: Date | null;
  dateCreated: Date | null;
}

/** One installment of a subscription (`/authorized_payments/{id}`). */
export interface AuthorizedPayment {
  id: string;
  preapprovalId: string;
  /** scheduled | processed | recycling | waiting for gateway | … */
  status: string;
  paymentStatus: string | null;
  amountCents: number | null;
  debitDate: Date | null;
}

export interface PreapprovalChange {
  status?: 'cancelled' | 'paused' | 'authorized';
  amountCents?: number;
}

export interface PaymentsAdapter {
  readonly kind: 'mercadopago' | 'sandbox';
  /** the key notifications are signed with (x-signature v1) */
  readonly webhookSecret: string;
  createPreapproval(input: CreatePreapprovalInput): Promise<Preapproval>;
  getPreapproval(id: string): Promise<Preapproval>;
  updatePreapproval(
    id: string,
    change: PreapprovalChange,
    idempotencyKey: string,
  ): Promise<Preapproval>;
  getAuthorizedPayment(id: string): Promise<AuthorizedPayment>;
}

/** Mercado Pago's per-subscription amount range in Brazil: R$1–R$500. */
export const MIN_AMOUNT_CENTS = 100;
export const MAX_AMOUNT_CENTS = 50_000;

export function isChargeableAmount(cents: number): boolean {
  return Number.isInteger(cents) && cents >= MIN_AMOUNT_CENTS && cents <= MAX_AMOUNT_CENTS;
}

/** A provider call that failed; `notFound` when the provider says the id does not exist. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly options: { status?: number; notFound?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
  }
}
