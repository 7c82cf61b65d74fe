import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { sandboxPreapprovals } from '../../db/schema';
import {
  PaymentProviderError,
  type AuthorizedPayment,
  type CreatePreapprovalInput,
  type PaymentsAdapter,
  type Preapproval,
  type PreapprovalChange,
} from './payments-adapter';

/**
 * The built-in checkout used when MERCADOPAGO_ACCESS_TOKEN is unset. It keeps what
 * Mercado Pago would keep for a preapproval in `sandbox_preapprovals`, answers the same reads, and
 * its page (`/checkout/sandbox/:id`) approves or declines; the result reaches us through the very
 * same signed webhook and sync job as a real notification.
 */
export type SandboxRow = typeof sandboxPreapprovals.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stable across processes (ROLE=web + worker) because it derives from APP_SECRET. */
export function sandboxWebhookSecret(appSecret: string): string {
  return createHmac('sha256', appSecret).update('sandbox-mercadopago-webhook').digest('hex');
}

export function sandboxCheckoutUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/checkout/sandbox/${encodeURIComponent(id)}`;
}

function toPreapproval(row: SandboxRow, publicUrl: string): Preapproval {
  return {
    id: row.id,
    status: row.status,
    externalReference: row.externalReference,
    initPoint: sandboxCheckoutUrl(publicUrl, row.id),
    payerEmail: row.payerEmail,
    amountCents: row.amountCents,
    freeTrialDays: row.freeTrialDays,
    nextPaymentDate: row.nextPaymentDate,
    dateCreated: row.createdAt,
  };
}

export class SandboxPaymentsAdapter implements PaymentsAdapter {
  readonly kind = 'sandbox' as const;
  readonly webhookSecret: string;

  constructor(
    private readonly db: AppDb,
    private readonly publicUrl: string,
    appSecret: string,
  ) {
    this.webhookSecret = sandboxWebhookSecret(appSecret);
  }

  async createPreapproval(input: CreatePreapprovalInput): Promise<Preapproval> {
    const [row] = await this.db
      .insert(sandboxPreapprovals)
      .values({
        id: `sbx_${randomBytes(12).toString('hex')}`,
        reason: input.reason,
        externalReference: input.externalReference,
        payerEmail: input.payerEmail,
        amountCents: input.amountCents,
        freeTrialDays: input.freeTrialDays,
        backUrl: input.backUrl,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: sandboxPreapprovals.idempotencyKey })
      .returning();
    // Same key again: the provider answers with what the first call created.
    const created =
      row ??
      (await this.db.query.sandboxPreapprovals.findFirst({
        where: eq(sandboxPreapprovals.idempotencyKey, input.idempotencyKey),
      }));
    if (!created) throw new PaymentProviderError('sandbox create failed');
    return toPreapproval(created, this.publicUrl);
  }

  async getPreapproval(id: string): Promise<Preapproval> {
    return toPreapproval(await this.find(id), this.publicUrl);
  }

  async updatePreapproval(id: string, change: PreapprovalChange): Promise<Preapproval> {
    const row = await this.find(id);
    // Mercado Pago refuses to bring a cancelled subscription back.
    if (row.status === 'cancelled' && change.status && change.status !== 'cancelled') {
      throw new PaymentProviderError('cancelled preapproval', { status: 400 });
    }
    const [updated] = await this.db
      .update(sandboxPreapprovals)
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(change.amountCents !== undefined ? { amountCents: change.amountCents } : {}),
        updatedAt: new Date(),
      })
      .where(eq(sandboxPreapprovals.id, id))
      .returning();
    return toPreapproval(updated!, this.publicUrl);
  }

  async getAuthorizedPayment(id: string): Promise<AuthorizedPayment> {
    // The sandbox never charges (the first charge would come after the free trial).
    throw new PaymentProviderError(`authorized payment ${id} not found`, {
      status: 404,
      notFound: true,
    });
  }

  async find(id: string): Promise<SandboxRow> {
    const row = await this.db.query.sandboxPreapprovals.findFirst({
      where: eq(sandboxPreapprovals.id, id),
    });
    if (!row) throw new PaymentProviderError(`preapproval ${id} not found`, { notFound: true });
    return row;
  }

  /** 'Aprovar pagamento': the card is authorized; the first charge comes after the trial. */
  async approve(id: string, now = new Date()): Promise<SandboxRow> {
    const row = await this.find(id);
    if (row.status !== 'pending') return row;
    const trial = (row.freeTrialDays ?? 0) * DAY_MS;
    const [updated] = await this.db
      .update(sandboxPreapprovals)
      .set({
        status: 'authorized',
        nextPaymentDate: new Date(now.getTime() + trial),
        updatedAt: now,
      })
      .where(eq(sandboxPreapprovals.id, id))
      .returning();
    return updated!;
  }

  /** 'Recusar': the buyer gives up; the checkout link stops working, as a cancelled preapproval. */
  async decline(id: string): Promise<SandboxRow> {
    const row = await this.find(id);
    if (row.status !== 'pending') return row;
    const [updated] = await this.db
      .update(sandboxPreapprovals)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(sandboxPreapprovals.id, id))
      .returning();
    return updated!;
  }
}
