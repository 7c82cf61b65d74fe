import {
  graphErrorItem,
  type FakeGraphState,
  type FakePricing,
  type FakeTenant,
} from './fake-graph-state';

export interface FakeReply {
  status: number;
  body: unknown;
}

/** Graph's error envelope; 190 is the only one Meta answers with a 401. */
export function graphError(code: number, details?: string): FakeReply {
  const { title, message, error_data } = graphErrorItem(code, details);
  return {
    status: code === 190 ? 401 : 400,
    body: {
      error: {
        message: code === 190 ? 'Invalid OAuth access token' : message,
        type: 'OAuthException',
        code,
        ...(code === 190 ? { error_subcode: 463 } : {}),
        error_data: { messaging_product: 'whatsapp', details: error_data.details },
        error_user_title: title,
        fbtrace_id: 'fake',
      },
    },
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const length = (v: unknown) => (typeof v === 'string' ? Array.from(v).length : 0);

/** `POST /{pnid}/messages`: a read mark, or a send checked the way Meta checks it. */
export function handleSend(state: FakeGraphState, tenant: FakeTenant, body: unknown): FakeReply {
  if (!isObject(body) || body.messaging_product !== 'whatsapp') {
    return graphError(100, 'messaging_product must be whatsapp');
  }
  if (body.status === 'read') {
    if (typeof body.message_id !== 'string') return graphError(100, 'message_id is required');
    state.reads.push({
      pnid: tenant.phoneNumberId,
      messageId: body.message_id,
      typing: isObject(body.typing_indicator),
      at: state.now(),
    });
    return { status: 200, body: { success: true } };
  }
  const failure = state.failures.shift();
  if (failure !== undefined) return graphError(failure);

  const to = typeof body.to === 'string' ? body.to : null;
  const recipient = typeof body.recipient === 'string' ? body.recipient : null;
  if ((to === null) === (recipient === null)) {
    return graphError(100, 'exactly one of to and recipient is required');
  }
  const type = body.type;
  if (typeof type !== 'string' || !isObject(body[type])) {
    return graphError(100, 'type and its object are required');
  }
  const tooLong = lengthProblem(type, body[type]);
  if (tooLong) return graphError(100, tooLong);

  let pricing: FakePricing;
  if (type === 'template') {
    const checked = checkTemplate(state, tenant, body.template as Json);
    if ('status' in checked) return checked;
    pricing = { billable: true, pricing_model: 'PMP', type: 'regular', category: checked.category };
  } else {
    const user = to ? to.replace(/\D/g, '') : recipient!;
    if (!state.windowOpen(tenant.phoneNumberId, user)) {
      return graphError(
        131047,
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      );
    }
    pricing = {
      billable: false,
      pricing_model: 'PMP',
      type: 'free_customer_service',
      category: 'service',
    };
  }

  const wamid = `wamid.FAKE${state.nextId()}`;
  const sent = { pnid: tenant.phoneNumberId, body, wamid, at: state.now() };
  state.sent.push(sent);
  state.scheduleStatuses(tenant, sent, pricing);
  return {
    status: 200,
    body: {
      messaging_product: 'whatsapp',
      contacts: [
        to ? { input: to, wa_id: to.replace(/\D/g, '') } : { input: recipient, user_id: recipient },
      ],
      messages: [{ id: wamid }],
    },
  };
}

/** Meta's length limits, so a test sees the adapter never sends what Meta would refuse. */
function lengthProblem(type: string, object: Json): string | null {
  if (type === 'text' && (length(object.body) === 0 || length(object.body) > 4096)) {
    return 'text.body must be 1 to 4096 characters';
  }
  if (length(object.caption) > 1024) return 'caption is over 1024 characters';
  if (type !== 'interactive') return null;
  const body = isObject(object.body) ? object.body.text : undefined;
  if (length(body) === 0 || length(body) > 1024) return 'interactive body must be 1 to 1024';
  const action = isObject(object.action) ? object.action : {};
  const buttons = Array.isArray(action.buttons) ? action.buttons : [];
  for (const b of buttons) {
    if (!isObject(b) || !isObject(b.reply) || length(b.reply.title) > 20) {
      return 'button title over 20';
    }
  }
  const sections = Array.isArray(action.sections) ? action.sections : [];
  for (const s of sections) {
    const rows = isObject(s) && Array.isArray(s.rows) ? s.rows : [];
    for (const r of rows) {
      if (!isObject(r) || length(r.title) > 24 || length(r.description) > 72) {
        return 'row title over 24 or description over 72';
      }
    }
  }
  return null;
}

/** 132001 unless approved in that name and language; 132000 when the parameters do not fit. */
function checkTemplate(
  state: FakeGraphState,
  tenant: FakeTenant,
  template: Json,
): FakeReply | { category: string } {
  const language = isObject(template.language) ? template.language.code : undefined;
  const found = [...state.templates.values()].find(
    (t) =>
      t.wabaId === tenant.wabaId &&
      t.name === template.name &&
      t.language === language &&
      t.status === 'APPROVED',
  );
  if (!found) return graphError(132001);
  const components = Array.isArray(template.components) ? template.components : [];
  const bodyComponent = components.find((c) => isObject(c) && c.type === 'body') as
    Json | undefined;
  const params = Array.isArray(bodyComponent?.parameters) ? bodyComponent.parameters.length : 0;
  if (params !== found.paramCount) return graphError(132000);
  return { category: found.category.toLowerCase() };
}
