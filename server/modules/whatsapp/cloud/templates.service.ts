import { createWhatsappTemplateSchema, type WhatsappTemplateView } from '@common/schemas/whatsapp';
import type { AppContext } from '../../../app-context';
import { GatewayError } from '../../../adapters/gateway/gateway-error';
import { uniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import { parseInput } from '../../../lib/validate';
import { graphClientFor } from './cloud-graph';
import { cloudNumbersOfOwner } from './cloud-numbers.repo';
import * as repo from './templates.repo';

/**
 * Message templates: what may reach a customer on the official number after the 24-hour window.
 * The owner writes one here (pt-BR first, with its variables' examples), it is submitted to Meta
 * on the WABA of the owner's official number, and Meta's review arrives by webhook.
 */

function toView(row: repo.TemplateRow): WhatsappTemplateView {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    body: row.body,
    examples: row.examples,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(ctx: AppContext, ownerId: number) {
  return (await repo.templatesOfOwner(ctx.database.db, ownerId)).map(toView);
}

export async function getTemplate(ctx: AppContext, ownerId: number, id: number) {
  const row = await repo.templateOfOwner(ctx.database.db, ownerId, id);
  if (!row) throw new AppError('WHATSAPP_TEMPLATE_NOT_FOUND');
  return toView(row);
}

/**
 * Submits a template to Meta and keeps it with the status Meta answered (usually PENDING). Refused
 * without an official number, for a name and language the owner has already, and when Meta
 * refuses it (its message names why); nothing is stored then.
 */
export async function createTemplate(ctx: AppContext, ownerId: number, body: unknown) {
  const db = ctx.database.db;
  const input = parseInput(createWhatsappTemplateSchema, body);
  const number = (await cloudNumbersOfOwner(db, ownerId)).find((n) => n.status === 'connected');
  if (!number) throw new AppError('WHATSAPP_NO_CLOUD_NUMBER');
  const taken = (await repo.templatesOfOwner(db, ownerId)).some(
    (t) => t.wabaId === number.wabaId && t.name === input.name && t.language === input.language,
  );
  if (taken) throw new AppError('WHATSAPP_TEMPLATE_EXISTS');
  let created: { id: string; status: string; category: string };
  try {
    created = await graphClientFor(ctx, number).createTemplate(number.wabaId, {
      name: input.name,
      language: input.language,
      category: input.category,
      body: input.body,
      bodyExamples: input.examples,
    });
  } catch (err) {
    if (err instanceof GatewayError) throw err.toAppError();
    throw err;
  }
  try {
    const row = await repo.insertTemplate(db, {
      ownerId,
      wabaId: number.wabaId,
      graphId: created.id,
      name: input.name,
      language: input.language,
      category: created.category || input.category,
      body: input.body,
      examples: input.examples,
      status: created.status,
    });
    return toView(row);
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError('WHATSAPP_TEMPLATE_EXISTS');
    throw err;
  }
}
