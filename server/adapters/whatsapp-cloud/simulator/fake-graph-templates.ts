import { graphError, type FakeReply } from './fake-graph-send';
import type { FakeGraphState, FakeTemplate } from './fake-graph-state';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const NAME = /^[a-z0-9_]{1,512}$/;
const CATEGORIES = new Set(['UTILITY', 'MARKETING', 'AUTHENTICATION']);

export function templateJson(t: FakeTemplate) {
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    components: t.components,
    parameter_format: 'POSITIONAL',
    ...(t.rejectedReason ? { rejected_reason: t.rejectedReason } : {}),
  };
}

/** `POST /{waba}/message_templates`: stored PENDING until Meta's (the test's) verdict. */
export function createTemplate(state: FakeGraphState, wabaId: string, body: unknown): FakeReply {
  if (!isObject(body)) return graphError(100, 'body required');
  const { name, language, category, components } = body;
  if (typeof name !== 'string' || !NAME.test(name)) return graphError(100, 'invalid name');
  if (typeof language !== 'string' || language === '') return graphError(100, 'invalid language');
  if (typeof category !== 'string' || !CATEGORIES.has(category)) {
    return graphError(100, 'invalid category');
  }
  const list = Array.isArray(components) ? components : [];
  const bodyComponent = list.find((c) => isObject(c) && c.type === 'BODY') as Json | undefined;
  const text = bodyComponent?.text;
  if (typeof text !== 'string' || text === '') return graphError(100, 'a BODY is required');
  const taken = [...state.templates.values()].some(
    (t) => t.wabaId === wabaId && t.name === name && t.language === language,
  );
  if (taken) return graphError(100, 'a template with that name and language exists');
  const placeholders = new Set(text.match(/\{\{\s*\d+\s*\}\}/g) ?? []);
  const template: FakeTemplate = {
    id: state.nextId('55'),
    wabaId,
    name,
    language,
    category,
    status: 'PENDING',
    components: list,
    body: text,
    paramCount: placeholders.size,
    rejectedReason: null,
  };
  state.templates.set(template.id, template);
  if (state.approveAfterMs !== null) {
    state.later(state.approveAfterMs, () => state.approveTemplate(template.id));
  }
  return { status: 200, body: { id: template.id, status: template.status, category } };
}

/** `GET /{waba}/message_templates` with ?name, ?status, ?limit and the `after` cursor. */
export function listTemplates(
  state: FakeGraphState,
  wabaId: string,
  query: Record<string, string | undefined>,
  selfUrl: string,
): FakeReply {
  const all = [...state.templates.values()].filter(
    (t) =>
      t.wabaId === wabaId &&
      (!query.name || t.name === query.name) &&
      (!query.status || t.status === query.status),
  );
  const limit = Math.max(1, Math.min(Number(query.limit) || 25, state.templatePageSize));
  const start = query.after ? Number(query.after) : 0;
  const page = all.slice(start, start + limit);
  const after = start + page.length;
  const next = new URL(selfUrl);
  next.searchParams.set('after', String(after));
  return {
    status: 200,
    body: {
      data: page.map(templateJson),
      paging: {
        cursors: { before: String(start), after: String(after) },
        ...(after < all.length ? { next: next.toString() } : {}),
      },
    },
  };
}

/** `DELETE /{waba}/message_templates?name=…[&hsm_id=…]` */
export function deleteTemplate(
  state: FakeGraphState,
  wabaId: string,
  query: Record<string, string | undefined>,
): FakeReply {
  const doomed = [...state.templates.values()].filter(
    (t) => t.wabaId === wabaId && t.name === query.name && (!query.hsm_id || t.id === query.hsm_id),
  );
  if (doomed.length === 0) return graphError(100, 'template not found');
  for (const t of doomed) state.templates.delete(t.id);
  return { status: 200, body: { success: true } };
}
