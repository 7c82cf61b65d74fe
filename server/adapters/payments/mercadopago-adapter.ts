import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  isChargeableAmount,
  PaymentProviderError,
  type AuthorizedPayment,
  type CreatePreapprovalInput,
  type PaymentsAdapter,
  type Preapproval,
  type PreapprovalChange,
} from './payments-adapter';

/**
 * Mercado Pago subscriptions without an associated plan (the preapproval API):
 * `POST /preapproval` with status pending → `init_point`; `GET`/`PUT /preapproval/{id}`;
 * `GET /authorized_payments/{id}`. Plain fetch, a time-out on every call, our own idempotency key
 * on every write, and the SDK's retry rule (429 and 5xx, exponential backoff) — safe for writes
 * because a retry repeats the same key.
 */
export const MERCADOPAGO_API_URL = 'https://api.mercadopago.com';

const RETRY_ON = new Set([429, 500, 502, 503, 504]);

export interface MercadoPagoOptions {
  accessToken: string;
  webhookSecret: string;
  baseUrl?: string;
  timeoutMs?: number;
  attempts?: number;
  baseDelayMs?: number;
}

const isoDate = z
  .string()
  .nullish()
  .transform((v) => (v ? new Date(v) : null))
  .refine((d) => d === null || !Number.isNaN(d.getTime()), 'invalid date');

// Responses are parsed loosely: only what we rely on is checked, anything new passes through.
const preapprovalSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  status: z.string().min(1),
  external_reference: z.string().nullish(),
  init_point: z.string().nullish(),
  payer_email: z.string().nullish(),
  next_payment_date: isoDate,
  date_created: isoDate,
  auto_recurring: z
    .looseObject({
      transaction_amount: z.number().nullish(),
      free_trial: z.looseObject({ frequency: z.number(), frequency_type: z.string() }).nullish(),
    })
    .nullish(),
});

const authorizedPaymentSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  preapproval_id: z.string().min(1),
  status: z.string().min(1),
  transaction_amount: z.number().nullish(),
  debit_date: isoDate,
  payment: z.looseObject({ status: z.string().nullish() }).nullish(),
});

function toCents(reais: number | null | undefined): number | null {
  return typeof reais === 'number' ? Math.round(reais * 100) : null;
}

/** Decimal reais with at most two decimals, as `transaction_amount` wants them. */
function toReais(cents: number): number {
  return Math.round(cents) / 100;
}

function trialDays(trial: { frequency: number; frequency_type: string } | null | undefined) {
  if (!trial) return null;
  return trial.frequency_type === 'months' ? trial.frequency * 30 : trial.frequency;
}

function toPreapproval(raw: unknown): Preapproval {
  const parsed = preapprovalSchema.safeParse(raw);
  if (!parsed.success) throw new PaymentProviderError('unexpected preapproval response');
  const p = parsed.data;
  return {
    id: p.id,
    status: p.status,
    externalReference: p.external_reference ?? null,
    initPoint: p.init_point ?? null,
    payerEmail: p.payer_email ?? null,
    amountCents: toCents(p.auto_recurring?.transaction_amount),
    freeTrialDays: trialDays(p.auto_recurring?.free_trial),
    nextPaymentDate: p.next_payment_date,
    dateCreated: p.date_created,
  };
}

export class MercadoPagoAdapter implements PaymentsAdapter {
  readonly kind = 'mercadopago' as const;
  readonly webhookSecret: string;
  private readonly baseUrl: string;

  constructor(private readonly options: MercadoPagoOptions) {
    this.webhookSecret = options.webhookSecret;
    this.baseUrl = (options.baseUrl ?? MERCADOPAGO_API_URL).replace(/\/+$/, '');
  }

  async createPreapproval(input: CreatePreapprovalInput): Promise<Preapproval> {
    if (!isChargeableAmount(input.amountCents)) {
      throw new PaymentProviderError(`amount ${input.amountCents} outside R$1–R$500`);
    }
    const body = {
      reason: input.reason,
      external_reference: input.externalReference,
      payer_email: input.payerEmail,
      auto_recurring: {
        frequency: 1,
        frequency_type: 'months',
        transaction_amount: toReais(input.amountCents),
        currency_id: 'BRL',
        // Not in the SDK's create type, but Mercado Pago's guide lists it for no-plan ones.
        free_trial: { frequency: input.freeTrialDays, frequency_type: 'days' },
      },
      back_url: input.backUrl,
      status: 'pending',
    };
    const raw = await this.call('POST', '/preapproval', body, input.idempotencyKey);
    const created = toPreapproval(raw);
    if (!created.initPoint) throw new PaymentProviderError('preapproval without init_point');
    return created;
  }

  async getPreapproval(id: string): Promise<Preapproval> {
    return toPreapproval(await this.call('GET', `/preapproval/${encodeURIComponent(id)}`));
  }

  async updatePreapproval(
    id: string,
    change: PreapprovalChange,
    idempotencyKey: string,
  ): Promise<Preapproval> {
    const body: Record<string, unknown> = {};
    if (change.status) body.status = change.status;
    if (change.amountCents !== undefined) {
      if (!isChargeableAmount(change.amountCents)) {
        throw new PaymentProviderError(`amount ${change.amountCents} outside R$1–R$500`);
      }
      body.auto_recurring = {
        transaction_amount: toReais(change.amountCents),
        currency_id: 'BRL',
      };
    }
    const path = `/preapproval/${encodeURIComponent(id)}`;
    return toPreapproval(await this.call('PUT', path, body, idempotencyKey));
  }

  async getAuthorizedPayment(id: string): Promise<AuthorizedPayment> {
    const raw = await this.call('GET', `/authorized_payments/${encodeURIComponent(id)}`);
    const parsed = authorizedPaymentSchema.safeParse(raw);
    if (!parsed.success) throw new PaymentProviderError('unexpected authorized payment response');
    const p = parsed.data;
    return {
      id: p.id,
      preapprovalId: p.preapproval_id,
      status: p.status,
      paymentStatus: p.payment?.status ?? null,
      amountCents: toCents(p.transaction_amount),
      debitDate: p.debit_date,
    };
  }

  private async call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.accessToken}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') {
      if (!idempotencyKey) throw new PaymentProviderError('writes need an idempotency key');
      headers['x-idempotency-key'] = idempotencyKey;
    }
    const attempts = this.options.attempts ?? 3;
    const baseDelay = this.options.baseDelayMs ?? 500;
    let last: PaymentProviderError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(baseDelay * 2 ** (attempt - 2));
      let response: Response;
      try {
        response = await fetch(this.baseUrl + path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
          redirect: 'error',
        });
      } catch (cause) {
        last = new PaymentProviderError(`${method} ${path}: unreachable`, { cause });
        continue;
      }
      const text = await response.text();
      if (response.ok) {
        try {
          return JSON.parse(text) as unknown;
        } catch (cause) {
          throw new PaymentProviderError(`${method} ${path}: response is not JSON`, { cause });
        }
      }
      last = new PaymentProviderError(`${method} ${path}: HTTP ${response.status}`, {
        status: response.status,
        notFound: response.status === 404,
      });
      if (!RETRY_ON.has(response.status)) break;
    }
    throw last ?? new PaymentProviderError(`${method} ${path}: failed`);
  }
}
