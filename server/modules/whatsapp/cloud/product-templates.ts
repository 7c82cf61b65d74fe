import type { AppContext } from '../../../app-context';
import type { AppDb } from '../../../db/client';
import { graphClientFor } from './cloud-graph';
import type { CloudNumberRow } from './cloud-numbers.repo';
import * as repo from './templates.repo';

/**
 * The templates the product itself needs on an official number, submitted to Meta when the number
 * connects so the owner never has to know they exist: what the business starts after the
 * customer's 24 hours have passed — a reminder, an appointment notice, a follow-up, a notification
 * to the owner's own phone, a reply that came late — goes wrapped in the `notice` template (the
 * business's approved name, then the message itself). Until Meta approves it, such a message is
 * refused with CLOUD_WINDOW_CLOSED, never sent free-form.
 */
export const PRODUCT_TEMPLATES = [
  {
    purpose: 'notice',
    name: 'aviso_atendimento',
    language: 'pt_BR',
    category: 'UTILITY' as const,
    body: 'Olá! {{1}} tem uma mensagem para você:\n\n{{2}}\n\nResponda por aqui para continuar a conversa.',
    examples: ['Padaria Pão Quente', 'Seu horário de amanhã às 10h está confirmado.'],
  },
] as const;

export type ProductTemplatePurpose = (typeof PRODUCT_TEMPLATES)[number]['purpose'];

/**
 * Submits the product's templates on the number's WABA, each once per owner and WABA (an owner's
 * second number on the same WABA shares them). A refusal is logged, not thrown: the number works
 * inside the window meanwhile, and the templates list shows what is missing.
 */
export async function submitProductTemplates(
  ctx: AppContext,
  number: CloudNumberRow,
  log: { warn: (obj: object, msg: string) => void },
) {
  const db = ctx.database.db;
  const existing = await repo.templatesOfOwner(db, number.ownerId);
  const graph = graphClientFor(ctx, number);
  for (const template of PRODUCT_TEMPLATES) {
    const same = existing.some(
      (t) =>
        t.wabaId === number.wabaId && t.name === template.name && t.language === template.language,
    );
    if (same) continue;
    try {
      const created = await graph.createTemplate(number.wabaId, {
        name: template.name,
        language: template.language,
        category: template.category,
        body: template.body,
        bodyExamples: [...template.examples],
      });
      await repo.insertTemplate(db, {
        ownerId: number.ownerId,
        wabaId: number.wabaId,
        graphId: created.id,
        name: template.name,
        language: template.language,
        category: created.category || template.category,
        body: template.body,
        examples: [...template.examples],
        purpose: template.purpose,
        status: created.status,
      });
    } catch (err) {
      log.warn({ err, purpose: template.purpose }, 'product template not submitted');
    }
  }
}

/** The owner's approved template of a purpose on a WABA, or null. */
export async function approvedTemplate(
  db: AppDb,
  ownerId: number,
  wabaId: string,
  purpose: ProductTemplatePurpose,
) {
  const rows = await repo.templatesOfOwner(db, ownerId);
  return (
    rows.find((t) => t.wabaId === wabaId && t.purpose === purpose && t.status === 'APPROVED') ??
    null
  );
}
