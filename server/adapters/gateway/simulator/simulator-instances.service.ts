import { randomUUID } from 'node:crypto';
import { SimError, schemaError } from './simulator-errors';
import { unixNow } from './simulator-messages';
import { whatsappNumber } from './simulator-phone';
import { makeQr, qrAnswer, type SimQr } from './simulator-qr';
import type { SimContext } from './simulator-context';
import * as repo from './simulator.repo';
import type { SimInstance } from './simulator.repo';
import { parseWebhook, webhookRow } from './simulator-webhook-config';

const INTEGRATIONS = ['WHATSAPP-BAILEYS', 'WHATSAPP-BUSINESS', 'EVOLUTION'];
type Body = Record<string, unknown>;

/** Instance lifecycle of the simulated gateway. */
export class SimInstances {
  private readonly rotations = new Map<string, NodeJS.Timeout>();

  constructor(private readonly sim: SimContext) {}

  /** Name-in-use is checked by the route before auth (the real guard order). */
  async create(body: Body) {
    const name = body.instanceName;
    if (typeof name !== 'string') throw schemaError('instance requires property "instanceName"');
    if (name.trim() === '')
      throw schemaError('instance.instanceName does not meet minimum length of 1');
    // The real schema's enum never runs (misspelled property); the channel factory says this.
    if (typeof body.integration !== 'string' || !INTEGRATIONS.includes(body.integration)) {
      throw new SimError(400, ['Invalid integration']);
    }
    // A missing `events` makes create fail with 400 and nothing is created.
    const webhook =
      body.webhook === undefined
        ? null
        : parseWebhook(body.webhook, { forceEnabled: true, missingEventsStatus: 400 });
    const instanceId = randomUUID();
    const token =
      typeof body.token === 'string' && body.token ? body.token : randomUUID().toUpperCase();
    const number = typeof body.number === 'string' ? body.number.replace(/\D/g, '') : null;
    const evolution = body.integration === 'EVOLUTION';
    const created = await repo.insertInstance(this.sim.db, {
      name,
      instanceId,
      token,
      integration: body.integration,
      number,
      state: evolution ? 'open' : 'close',
      webhook: webhook ? webhookRow(instanceId, webhook, null) : null,
    });
    if (!created) throw new SimError(403, [`This name "${name}" is already in use.`]);
    this.sim.dispatcher.emit(created, 'INSTANCE_CREATE', { instanceName: name, instanceId });
    let qrcode: ReturnType<typeof qrAnswer> | undefined;
    let current = created;
    if (body.qrcode === true && body.integration === 'WHATSAPP-BAILEYS') {
      current = await this.startConnecting(created);
      qrcode = qrAnswer(current.qr as unknown as SimQr);
    }
    return {
      instance: {
        instanceName: name,
        instanceId,
        integration: body.integration,
        webhookWaBusiness: null,
        accessTokenWaBusiness: '',
        status: current.state,
      },
      hash: token,
      webhook: webhook
        ? {
            webhookUrl: webhook.url,
            webhookHeaders: webhook.headers,
            webhookByEvents: webhook.webhookByEvents,
            webhookBase64: webhook.webhookBase64,
          }
        : {},
      websocket: {},
      rabbitmq: {},
      nats: {},
      sqs: {},
      settings: {
        rejectCall: false,
        msgCall: '',
        groupsIgnore: false,
        alwaysOnline: false,
        readMessages: false,
        readStatus: false,
        syncFullHistory: false,
        wavoipToken: '',
      },
      ...(qrcode ? { qrcode } : {}),
    };
  }

  /** Connect: open → state; connecting → current QR; close → start and return the QR. */
  async connect(instance: SimInstance, number?: string) {
    if (instance.state === 'open') {
      return { instance: { instanceName: instance.name, state: 'open' } };
    }
    if (instance.state === 'connecting' && instance.qr) {
      this.ensureRotation(instance.name);
      return qrAnswer(instance.qr as unknown as SimQr);
    }
    const connecting = await this.startConnecting(instance, number);
    return qrAnswer(connecting.qr as unknown as SimQr);
  }

  /** Logout: 400 when closed; otherwise the session is gone and a new scan is needed. */
  async logout(instance: SimInstance) {
    if (instance.state === 'close') {
      throw new SimError(400, [`The "${instance.name}" instance is not connected`]);
    }
    await this.close(instance, 401, true);
    return { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } };
  }

  /** Delete: logs out first, emits INSTANCE_DELETE then REMOVE_INSTANCE, drops the rows. */
  async remove(instance: SimInstance) {
    let current = instance;
    if (instance.state !== 'close') current = await this.close(instance, 401, true);
    const { dispatcher } = this.sim;
    dispatcher.emit(current, 'INSTANCE_DELETE', {
      instanceName: instance.name,
      instanceId: instance.instanceId,
    });
    dispatcher.emit(current, 'REMOVE_INSTANCE', null);
    await repo.deleteInstance(this.sim.db, instance.name);
    return { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } };
  }

  /** Simulator control: the phone scanned the QR code. */
  async scan(instance: SimInstance, input: { number?: string; profileName?: string }) {
    if (instance.state !== 'connecting') {
      throw new SimError(409, [`The "${instance.name}" instance is not waiting for a QR scan`]);
    }
    this.stopRotation(instance.name);
    const wuid = `${await this.scanningNumber(instance, input.number)}@s.whatsapp.net`;
    const profileName = input.profileName ?? 'Minha Empresa';
    const open = await this.update(instance.name, {
      state: 'open',
      wuid,
      profileName,
      everConnected: true,
      qr: null,
    });
    this.sim.dispatcher.emit(open, 'CONNECTION_UPDATE', {
      instance: open.name,
      wuid,
      profileName,
      profilePictureUrl: null,
      state: 'open',
      statusReason: 200,
    });
    return open;
  }

  /**
   * Which phone scans: the one the tester picked, else the number given to the gateway at
   * create/connect, else the one the owner typed for the agent's instance (a random
   * number made the screens show a phone nobody owns); a made-up one only for bare gateway tests.
   */
  private async scanningNumber(instance: SimInstance, picked: string | undefined) {
    const typed =
      picked ?? instance.number ?? (await repo.typedNumberOfInstance(this.sim.db, instance.name));
    return typed ? whatsappNumber(typed) : `55119${String(unixNow()).slice(-8)}`;
  }

  /**
   * Simulator control / logout: a permanent close. The real `close` is only sent for codes the
   * gateway will not reconnect from (401 logged out, 403, 402, 406).
   */
  async close(instance: SimInstance, statusReason: number, loggedOut: boolean) {
    this.stopRotation(instance.name);
    const closed = await this.update(instance.name, { state: 'close', qr: null });
    const { dispatcher } = this.sim;
    if (loggedOut) dispatcher.emit(closed, 'LOGOUT_INSTANCE', null);
    dispatcher.emit(closed, 'CONNECTION_UPDATE', {
      instance: closed.name,
      state: 'close',
      statusReason,
    });
    dispatcher.emit(closed, 'STATUS_INSTANCE', {
      instance: closed.name,
      status: 'closed',
      disconnectionAt: new Date().toISOString(),
      disconnectionReasonCode: statusReason,
      disconnectionObject: JSON.stringify({ statusCode: statusReason }),
    });
    return closed;
  }

  /** Stops the QR timers; the rows stay, so a restart resumes on the next connect. */
  shutdown() {
    for (const timer of this.rotations.values()) clearTimeout(timer);
    this.rotations.clear();
  }

  private async startConnecting(instance: SimInstance, number?: string) {
    const digits = number?.replace(/\D/g, '') || instance.number;
    const qr = await makeQr(1, Boolean(digits));
    const updated = await this.update(instance.name, { state: 'connecting', qr: { ...qr } });
    this.sim.dispatcher.emit(updated, 'CONNECTION_UPDATE', {
      instance: updated.name,
      state: 'connecting',
      statusReason: 200,
    });
    this.emitQr(updated, qr);
    this.ensureRotation(instance.name);
    return updated;
  }

  private emitQr(instance: SimInstance, qr: SimQr) {
    // The webhook carries no `count`.
    const { count: _count, ...rest } = qr;
    this.sim.dispatcher.emit(instance, 'QRCODE_UPDATED', {
      qrcode: { instance: instance.name, ...rest },
    });
  }

  private ensureRotation(name: string) {
    if (this.rotations.has(name)) return;
    const timer = setTimeout(() => {
      this.rotations.delete(name);
      this.rotate(name).catch((err: unknown) => this.sim.log.warn({ err }, 'QR rotation failed'));
    }, this.sim.settings.qrRotationMs);
    timer.unref();
    this.rotations.set(name, timer);
  }

  private stopRotation(name: string) {
    clearTimeout(this.rotations.get(name));
    this.rotations.delete(name);
  }

  /** QR lifecycle: a new code each period; after QRCODE_LIMIT, refused and logged out. */
  private async rotate(name: string) {
    const instance = await repo.findInstance(this.sim.db, name);
    if (!instance || instance.state !== 'connecting') return;
    const previous = instance.qr as unknown as SimQr | null;
    const count = (previous?.count ?? 0) + 1;
    if (count > this.sim.settings.qrLimit) {
      const { dispatcher } = this.sim;
      dispatcher.emit(instance, 'QRCODE_UPDATED', {
        message: 'QR code limit reached, please login again',
        statusCode: 500,
      });
      dispatcher.emit(instance, 'CONNECTION_UPDATE', {
        instance: name,
        state: 'refused',
        statusReason: 428,
      });
      await this.close(instance, 401, true);
      return;
    }
    const qr = await makeQr(count, Boolean(previous?.pairingCode));
    const updated = await this.update(name, { qr: { ...qr } });
    this.emitQr(updated, qr);
    this.ensureRotation(name);
  }

  private async update(name: string, changes: Partial<repo.NewSimInstance>) {
    const row = await repo.updateInstance(this.sim.db, name, changes);
    if (!row) throw new SimError(404, [`The "${name}" instance does not exist`]);
    return row;
  }
}
