import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { FakeInboundOptions } from './fake-graph-inbound';
import { graphError, handleSend, type FakeReply } from './fake-graph-send';
import {
  FakeGraphState,
  type FakeRead,
  type FakeSent,
  type FakeTemplate,
  type FakeTenant,
} from './fake-graph-state';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  templateJson,
} from './fake-graph-templates';

/**
 * A stand-in for Meta's Graph API (the WhatsApp Cloud API's part of it), on loopback: the same
 * versioned paths, bearer checks, 24-hour window, template review, media URLs that need the token,
 * and signed webhooks back to the app. Only the base URL differs from the real one.
 */

type Query = Record<string, string | undefined>;
type Req = FastifyRequest<{ Params: { version?: string; id?: string }; Querystring: Query }>;

const VERSION = /^v\d+\.\d+$/;
const MEDIA_URL_TTL_MS = 5 * 60 * 1000;
const UPLOAD_LIMIT = 110 * 1024 * 1024;

function missing(id: string | undefined): FakeReply {
  return graphError(
    100,
    `Unsupported request - object with ID '${id ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
  );
}

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

export async function fakeGraphRoutes(app: FastifyInstance, opts: { state: FakeGraphState }) {
  const { state } = opts;
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}${app.prefix}`;

  // Uploads are read whole and parsed with the runtime's own FormData parser; replacing any
  // multipart parser the host app has stays inside this plugin's scope.
  if (app.hasContentTypeParser('multipart/form-data')) {
    app.removeContentTypeParser('multipart/form-data');
  }
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const send = (reply: FastifyReply, out: FakeReply) => reply.code(out.status).send(out.body);

  /** A versioned route that needs a known bearer token, as every real one does. */
  const guarded =
    (handler: (request: Req, tenant: FakeTenant) => FakeReply | Promise<FakeReply>) =>
    async (request: Req, reply: FastifyReply) => {
      if (!VERSION.test(request.params.version ?? '')) return send(reply, missing(request.url));
      const tenant = state.tenantByToken(bearer(request));
      if (!tenant) return send(reply, graphError(190));
      return send(reply, await handler(request, tenant));
    };
  const ownsNumber = (tenant: FakeTenant, id: string | undefined) => tenant.phoneNumberId === id;
  const ownsWaba = (tenant: FakeTenant, id: string | undefined) => tenant.wabaId === id;

  app.get('/:version/oauth/access_token', async (request: Req, reply) => {
    const { client_secret: secret, code } = request.query;
    const token = secret === state.appSecret && code ? state.redeemCode(code) : null;
    if (!token) return send(reply, graphError(100, 'Invalid verification code format.'));
    return reply.send({ access_token: token, token_type: 'bearer' });
  });

  app.get(
    '/:version/:id',
    guarded((request, tenant) => {
      const id = request.params.id ?? '';
      if (ownsNumber(tenant, id)) return { status: 200, body: phoneJson(tenant, request.query) };
      const media = state.media.get(id);
      if (media && media.phoneNumberId === tenant.phoneNumberId) {
        const expires = state.now() + MEDIA_URL_TTL_MS;
        return {
          status: 200,
          body: {
            messaging_product: 'whatsapp',
            url: `${origin(request)}/media-bin/${id}?exp=${expires}`,
            mime_type: media.mimeType,
            sha256: createHash('sha256').update(media.data).digest('base64'),
            file_size: String(media.data.length),
            id,
          },
        };
      }
      const template = state.templates.get(id);
      if (template && ownsWaba(tenant, template.wabaId)) {
        return { status: 200, body: templateJson(template) };
      }
      return missing(id);
    }),
  );

  app.delete(
    '/:version/:id',
    guarded((request, tenant) => {
      const media = state.media.get(request.params.id ?? '');
      if (!media || media.phoneNumberId !== tenant.phoneNumberId) return missing(request.params.id);
      state.media.delete(media.id);
      return { status: 200, body: { success: true } };
    }),
  );

  app.get(
    '/:version/:id/phone_numbers',
    guarded((request, tenant) => {
      if (!ownsWaba(tenant, request.params.id)) return missing(request.params.id);
      const numbers = [...state.tenants.values()].filter((t) => t.wabaId === tenant.wabaId);
      const data = numbers.map((t) => ({
        id: t.phoneNumberId,
        display_phone_number: t.displayPhoneNumber,
        verified_name: t.verifiedName,
        quality_rating: 'GREEN',
      }));
      return { status: 200, body: { data } };
    }),
  );

  app.post(
    '/:version/:id/subscribed_apps',
    guarded((request, tenant) => {
      if (!ownsWaba(tenant, request.params.id)) return missing(request.params.id);
      const body = request.body as { override_callback_uri?: unknown } | undefined;
      tenant.subscribed = true;
      if (typeof body?.override_callback_uri === 'string') {
        tenant.overrideCallbackUri = body.override_callback_uri;
      }
      return { status: 200, body: { success: true } };
    }),
  );

  app.get(
    '/:version/:id/subscribed_apps',
    guarded((request, tenant) => {
      if (!ownsWaba(tenant, request.params.id)) return missing(request.params.id);
      const data = tenant.subscribed
        ? [{ whatsapp_business_api_data: { id: 'fake-app', name: 'Fake App' } }]
        : [];
      return { status: 200, body: { data } };
    }),
  );

  app.post(
    '/:version/:id/register',
    guarded((request, tenant) => {
      if (!ownsNumber(tenant, request.params.id)) return missing(request.params.id);
      const body = request.body as { pin?: unknown; messaging_product?: unknown } | undefined;
      if (body?.messaging_product !== 'whatsapp' || typeof body.pin !== 'string') {
        return graphError(100, 'messaging_product and pin are required');
      }
      if (!/^\d{6}$/.test(body.pin)) return graphError(100, 'pin must be 6 digits');
      tenant.registeredPin = body.pin;
      return { status: 200, body: { success: true } };
    }),
  );

  app.post(
    '/:version/:id/smb_app_data',
    guarded((request, tenant) => {
      if (!ownsNumber(tenant, request.params.id)) return missing(request.params.id);
      const body = request.body as { sync_type?: unknown } | undefined;
      if (body?.sync_type !== 'smb_app_state_sync' && body?.sync_type !== 'history') {
        return graphError(100, 'invalid sync_type');
      }
      return {
        status: 200,
        body: { messaging_product: 'whatsapp', request_id: state.nextId('req') },
      };
    }),
  );

  app.post(
    '/:version/:id/messages',
    guarded((request, tenant) =>
      ownsNumber(tenant, request.params.id)
        ? handleSend(state, tenant, request.body)
        : missing(request.params.id),
    ),
  );

  app.post(
    '/:version/:id/media',
    { bodyLimit: UPLOAD_LIMIT },
    guarded(async (request, tenant) => {
      if (!ownsNumber(tenant, request.params.id)) return missing(request.params.id);
      const form = await readForm(request).catch(() => null);
      const file = form?.get('file');
      if (!form || form.get('messaging_product') !== 'whatsapp' || !(file instanceof Blob)) {
        return graphError(100, 'messaging_product=whatsapp and a file are required');
      }
      const id = state.nextId('66');
      const data = Buffer.from(await file.arrayBuffer());
      const declared = form.get('type');
      const mimeType =
        file.type || (typeof declared === 'string' ? declared : 'application/octet-stream');
      state.media.set(id, { id, phoneNumberId: tenant.phoneNumberId, data, mimeType });
      return { status: 200, body: { id } };
    }),
  );

  app.get(
    '/:version/:id/message_templates',
    guarded((request, tenant) =>
      ownsWaba(tenant, request.params.id)
        ? listTemplates(state, tenant.wabaId, request.query, `${origin(request)}${request.url}`)
        : missing(request.params.id),
    ),
  );
  app.post(
    '/:version/:id/message_templates',
    guarded((request, tenant) =>
      ownsWaba(tenant, request.params.id)
        ? createTemplate(state, tenant.wabaId, request.body)
        : missing(request.params.id),
    ),
  );
  app.delete(
    '/:version/:id/message_templates',
    guarded((request, tenant) =>
      ownsWaba(tenant, request.params.id)
        ? deleteTemplate(state, tenant.wabaId, request.query)
        : missing(request.params.id),
    ),
  );

  // The download URL works only with the owner's bearer header and for 5 minutes, as on
  // lookaside.fbsbx.com; anything else is a 404, which is also what an expired URL gives.
  app.get('/media-bin/:id', async (request: Req, reply) => {
    const media = state.media.get(request.params.id ?? '');
    const tenant = state.tenantByToken(bearer(request));
    const expires = Number(request.query.exp);
    const valid =
      media !== undefined &&
      tenant?.phoneNumberId === media.phoneNumberId &&
      Number.isFinite(expires) &&
      expires > state.now();
    if (valid && state.mediaBinFailures > 0) {
      state.mediaBinFailures--;
      return reply.code(404).send({ error: 'expired' });
    }
    if (!valid) return reply.code(404).send({ error: 'not found' });
    return reply.header('content-type', media.mimeType).send(media.data);
  });
}

function phoneJson(tenant: FakeTenant, query: Query) {
  const all: Record<string, unknown> = {
    id: tenant.phoneNumberId,
    display_phone_number: tenant.displayPhoneNumber,
    verified_name: tenant.verifiedName,
    quality_rating: 'GREEN',
    platform_type: 'CLOUD_API',
    throughput: { level: tenant.coexistence ? 'NOT_APPLICABLE' : 'STANDARD' },
    is_on_biz_app: tenant.coexistence,
    code_verification_status: 'VERIFIED',
  };
  const fields = query.fields?.split(',').map((f) => f.trim());
  if (!fields) return all;
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => key === 'id' || fields.includes(key)),
  );
}

function readForm(request: FastifyRequest): Promise<FormData> {
  const body = request.body;
  if (!Buffer.isBuffer(body)) return Promise.reject(new Error('no multipart body'));
  return new Request('http://fake/upload', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  }).formData();
}

export interface FakeGraph {
  /** the origin, e.g. http://127.0.0.1:40123 */
  url: string;
  /** url + '/v25.0': what GraphClient takes as baseUrl */
  baseUrl: string;
  state: FakeGraphState;
  addTenant: FakeGraphState['addTenant'];
  mintSignupCode(phoneNumberId: string): string;
  inbound(
    phoneNumberId: string,
    options?: FakeInboundOptions,
  ): Promise<{ id: string; status: number }>;
  echo: FakeGraphState['echo'];
  sent: FakeSent[];
  reads: FakeRead[];
  readonly templates: FakeTemplate[];
  approveTemplate(id: string, status?: string): Promise<number | null>;
  failNext(code: number, count?: number): void;
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
}

export async function startFakeGraph(options: {
  appSecret: string;
  webhookUrl?: string;
  statusDelayMs?: number;
  approveAfterMs?: number;
}): Promise<FakeGraph> {
  const state = new FakeGraphState(options);
  const app = Fastify({ logger: false });
  await app.register(fakeGraphRoutes, { state });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/v25.0`,
    state,
    addTenant: (input) => state.addTenant(input),
    mintSignupCode: (pnid) => state.mintSignupCode(pnid),
    inbound: (pnid, inbound) => state.inbound(pnid, inbound),
    echo: (pnid, echo) => state.echo(pnid, echo),
    sent: state.sent,
    reads: state.reads,
    get templates() {
      return [...state.templates.values()];
    },
    approveTemplate: (id, status) => state.approveTemplate(id, status),
    failNext: (code, count) => state.failNext(code, count),
    setWebhookUrl: (webhookUrl) => {
      state.webhookUrl = webhookUrl;
    },
    close: async () => {
      await state.close();
      await app.close();
    },
  };
}
