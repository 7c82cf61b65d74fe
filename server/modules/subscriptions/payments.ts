import type { AppContext } from '../../app-context';
import { MercadoPagoAdapter } from '../../adapters/payments/mercadopago-adapter';
import type { PaymentsAdapter } from '../../adapters/payments/payments-adapter';
import { SandboxPaymentsAdapter } from '../../adapters/payments/sandbox-adapter';

/**
 * The payment provider of this process: Mercado Pago when MERCADOPAGO_ACCESS_TOKEN is set,
 * otherwise the built-in sandbox checkout. One per app context.
 */
const adapters = new WeakMap<AppContext, PaymentsAdapter>();

export function paymentsFor(ctx: AppContext): PaymentsAdapter {
  let adapter = adapters.get(ctx);
  if (!adapter) {
    const { MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET, MERCADOPAGO_API_URL } =
      ctx.config;
    adapter = MERCADOPAGO_ACCESS_TOKEN
      ? new MercadoPagoAdapter({
          accessToken: MERCADOPAGO_ACCESS_TOKEN,
          // Without the secret no notification can be verified; every one is refused (401) and
          // the daily reconciliation still keeps subscriptions in sync.
          webhookSecret: MERCADOPAGO_WEBHOOK_SECRET ?? '',
          baseUrl: MERCADOPAGO_API_URL,
        })
      : new SandboxPaymentsAdapter(ctx.database.db, ctx.config.PUBLIC_URL, ctx.appSecret);
    adapters.set(ctx, adapter);
  }
  return adapter;
}

export function sandboxFor(ctx: AppContext): SandboxPaymentsAdapter | null {
  const adapter = paymentsFor(ctx);
  return adapter instanceof SandboxPaymentsAdapter ? adapter : null;
}
