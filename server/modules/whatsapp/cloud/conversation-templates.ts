import { templateVariables } from '@common/schemas/whatsapp';
import type { InboxConversationDetail, InboxTemplateOption } from '@common/schemas/inbox';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/errors';
import { closedWindow, lineFor } from '../pipeline/line';
import { metaOf, type ConversationRow } from '../../conversations';
import { cloudNumberById } from './cloud-numbers.repo';
import { templatesOfOwner } from './templates.repo';

/**
 * A conversation's templates on the official line, for the inbox: once the customer's 24 hours
 * have passed a person's free-form message is refused, and what may go is one of the owner's
 * approved templates of the number's WhatsApp Business account, its variables filled in.
 */

async function approvedOf(ctx: AppContext, row: ConversationRow) {
  const target = metaOf(row).target;
  if (target?.kind !== 'cloud') return null;
  const number = await cloudNumberById(ctx.database.db, target.id);
  if (!number) return null;
  const templates = (await templatesOfOwner(ctx.database.db, number.ownerId)).filter(
    (t) => t.wabaId === number.wabaId && t.status === 'APPROVED',
  );
  return { target, templates };
}

/** The window as the inbox shows it; null on the QR code's line (it has none). */
export async function conversationWindow(
  ctx: AppContext,
  row: ConversationRow,
): Promise<InboxConversationDetail['window']> {
  const found = await approvedOf(ctx, row);
  if (!found) return null;
  const closed =
    (await closedWindow(ctx.database.db, found.target, row.id, 'refuse')) !== undefined;
  const templates: InboxTemplateOption[] = found.templates.map((t) => ({
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    body: t.body,
    variables: Math.max(templateVariables(t.body), 0),
    examples: t.examples,
  }));
  return { closed, templates };
}

/**
 * The approved template `id` of this conversation's number, checked against the values given:
 * WHATSAPP_TEMPLATE_NOT_FOUND (not the owner's, or of another account), _NOT_APPROVED, _PARAMS.
 */
export async function templateForSend(
  ctx: AppContext,
  row: ConversationRow,
  template: { id: number; params: string[] },
) {
  const target = metaOf(row).target;
  if (target?.kind !== 'cloud') throw new AppError('WHATSAPP_TEMPLATE_NOT_FOUND');
  const number = await cloudNumberById(ctx.database.db, target.id);
  const chosen = number
    ? (await templatesOfOwner(ctx.database.db, number.ownerId)).find(
        (t) => t.id === template.id && t.wabaId === number.wabaId,
      )
    : undefined;
  if (!chosen) throw new AppError('WHATSAPP_TEMPLATE_NOT_FOUND');
  if (chosen.status !== 'APPROVED') throw new AppError('WHATSAPP_TEMPLATE_NOT_APPROVED');
  if (template.params.length !== Math.max(templateVariables(chosen.body), 0)) {
    throw new AppError('WHATSAPP_TEMPLATE_PARAMS');
  }
  return chosen;
}

/** Sends the chosen template through the conversation's official line; resolves to its wamid. */
export async function sendConversationTemplate(
  ctx: AppContext,
  row: ConversationRow,
  template: { id: number; params: string[] },
): Promise<string> {
  const chosen = await templateForSend(ctx, row, template);
  const meta = metaOf(row);
  if (!meta.target || !meta.replyJid) throw new Error('conversation without a WhatsApp target');
  const line = await lineFor(ctx, meta.target);
  return line.sendTemplate(
    meta.replyJid,
    { name: chosen.name, language: chosen.language, params: template.params },
    null,
  );
}
