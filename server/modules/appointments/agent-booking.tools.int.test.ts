import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dayAhead, ownerWithSchedule, spAt } from '../../test/appointments-helpers';
import {
  scriptTools,
  startFakeOpenAI,
  toolResultsOf,
  type ToolStep,
  type FakeOpenAI,
} from '../../test/fake-openai';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient } from '../../test/http-client';
import {
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  phoneNumbers,
  settle,
  simulatorHandles,
  waitForReplies,
  type SimulatorHandles,
} from '../whatsapp/pipeline/testing/pipeline-helpers';

/**
 * The agent books through its tools with a model that calls them, scripted on the fake
 * OpenAI-compatible server: the services, the free slots, the booking, then the customer's
 * appointments, a move and a cancellation — on the test console (the model gives the phone it
 * asked for) and on WhatsApp (the contact's number, whatever the model says). A refusal (a time
 * that is not a slot) comes back to the model in Portuguese and the turn goes on.
 */
let t: TestApp;
let s: SimulatorHandles;
let fake: FakeOpenAI;
const newPhone = phoneNumbers(75300000);

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestApp({
    jobs: true,
    env: { ...FAST_PIPELINE_ENV, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url },
  });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  if (s) await settle(t, s);
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  fake.chatRequests.length = 0;
});

const script = (steps: ToolStep[], finalText: string) => scriptTools(fake, steps, finalText);

const tomorrow = dayAhead(1);

describe('booking through the agent’s tools', () => {
  it('offers the booking tools only to an agent with something to book', async () => {
    const owner = await ownerWithSchedule(t);
    fake.answer = () => ({ text: 'Olá!' });
    await owner.client.post(`/api/agents/${owner.agentId}/test`, { message: 'Oi' });
    const names = fake.chatRequests[0]!.tools!.map((tool) => tool.function.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'list_services',
        'find_free_slots',
        'book_appointment',
        'list_my_appointments',
        'reschedule_appointment',
        'cancel_appointment',
      ]),
    );
    const another = await signedInClient(t.baseUrl);
    const bare = await another.client.post('/api/agents', {
      name: 'Sem serviços',
      systemPrompt: 'Você atende.',
    });
    expect(bare.status).toBe(201);
    fake.chatRequests.length = 0;
    await another.client.post(`/api/agents/${bare.body.id}/test`, { message: 'Oi' });
    const bareNames = fake.chatRequests[0]!.tools!.map((tool) => tool.function.name);
    expect(bareNames).not.toContain('list_services');
    expect(bareNames).not.toContain('book_appointment');
  });

  it('books in the test console: services, free slots, the booking with the phone asked for', async () => {
    const owner = await ownerWithSchedule(t);
    let firstSlot = '';
    script(
      [
        () => ({ name: 'list_services', arguments: {} }),
        ([services]) => {
          const [service] = services!.result as { id: number; name: string }[];
          expect(service!.name).toBe('Corte de cabelo');
          return {
            name: 'find_free_slots',
            arguments: { serviceId: service!.id, from: tomorrow, to: tomorrow },
          };
        },
        (results) => {
          const { slots } = results[1]!.result as { slots: { startsAt: string }[] };
          firstSlot = slots[0]!.startsAt;
          return {
            name: 'book_appointment',
            arguments: {
              serviceId: owner.serviceId,
              startsAt: firstSlot,
              customerName: 'Ana Souza',
              customerPhone: '(11) 91234-5678',
            },
          };
        },
      ],
      'Pronto, Ana! Seu corte está agendado.',
    );
    const res = await owner.client.post(`/api/agents/${owner.agentId}/test`, {
      message: 'Sim, pode agendar amanhã às 9h. Meu nome é Ana Souza, telefone 11 91234-5678',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toBe('Pronto, Ana! Seu corte está agendado.');
    expect(firstSlot).toBe(spAt(tomorrow, '09:00'));
    const agenda = await owner.client.get(`/api/appointments?from=${tomorrow}&to=${tomorrow}`);
    expect(agenda.body).toEqual([
      expect.objectContaining({
        agentId: owner.agentId,
        serviceId: owner.serviceId,
        startsAt: spAt(tomorrow, '09:00'),
        status: 'confirmed',
        customerName: 'Ana Souza',
        customerPhone: '5511912345678',
      }),
    ]);
  });

  it('tells the model in Portuguese when a time is not a slot, and the turn goes on', async () => {
    const owner = await ownerWithSchedule(t);
    script(
      [
        () => ({
          name: 'book_appointment',
          arguments: {
            serviceId: owner.serviceId,
            startsAt: spAt(tomorrow, '15:00'),
            customerName: 'Bruno',
            customerPhone: '11 99876-5432',
          },
        }),
      ],
      'Esse horário não está disponível.',
    );
    const res = await owner.client.post(`/api/agents/${owner.agentId}/test`, {
      message: 'Quero às 15h amanhã',
    });
    expect(res.status).toBe(200);
    const [refusal] = toolResultsOf(fake.chatRequests.at(-1)!);
    expect(refusal).toEqual({ ok: false, error: expect.stringMatching(/horário/i) });
    const agenda = await owner.client.get(`/api/appointments?from=${tomorrow}&to=${tomorrow}`);
    expect(agenda.body).toEqual([]);
  });

  it('on WhatsApp notes the contact, books for their number, then lists, moves and cancels it', async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Estúdio Pilates' });
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    script(
      [
        () => ({
          name: 'save_contact_details',
          arguments: { name: 'Carla Mendes', interest: 'pilates às manhãs' },
        }),
        () => ({
          name: 'book_appointment',
          // a phone the model made up is ignored: the contact's number is the customer's
          arguments: {
            serviceId: owner.serviceId,
            startsAt: spAt(tomorrow, '10:00'),
            customerName: 'Carla Mendes',
            customerPhone: '11 90000-0000',
          },
        }),
      ],
      'Agendado para amanhã às 10h!',
    );
    await customerSays(s, line, {
      from: phone,
      text: 'Pode agendar amanhã às 10h, sou a Carla',
      pushName: 'Cacá',
    });
    await waitForReplies(s, line, phone, 1);
    const contacts = await owner.client.get('/api/contacts');
    expect(contacts.body.items).toEqual([
      expect.objectContaining({
        phone,
        name: 'Carla Mendes',
        interest: 'pilates às manhãs',
        stage: 'agendado',
      }),
    ]);
    const agenda = async () =>
      (await owner.client.get(`/api/appointments?from=${tomorrow}&to=${tomorrow}`)).body as {
        id: number;
        startsAt: string;
        status: string;
        customerPhone: string;
      }[];
    const [booked] = await agenda();
    expect(booked).toMatchObject({ startsAt: spAt(tomorrow, '10:00'), customerPhone: phone });

    script(
      [
        () => ({ name: 'list_my_appointments', arguments: {} }),
        ([mine]) => {
          const [appointment] = mine!.result as { id: number }[];
          return {
            name: 'reschedule_appointment',
            arguments: { appointmentId: appointment!.id, startsAt: spAt(tomorrow, '11:00') },
          };
        },
      ],
      'Remarcado para as 11h.',
    );
    await customerSays(s, line, { from: phone, text: 'Pode passar para as 11h?' });
    await waitForReplies(s, line, phone, 2);
    expect((await agenda())[0]).toMatchObject({
      id: booked!.id,
      startsAt: spAt(tomorrow, '11:00'),
      status: 'confirmed',
    });

    script(
      [() => ({ name: 'cancel_appointment', arguments: { appointmentId: booked!.id } })],
      'Cancelado.',
    );
    await customerSays(s, line, { from: phone, text: 'Pode cancelar, por favor' });
    await waitForReplies(s, line, phone, 3);
    expect((await agenda())[0]).toMatchObject({ id: booked!.id, status: 'cancelled' });
  });

  it('never lets a customer move another customer’s appointment', async () => {
    const owner = await ownerWithSchedule(t);
    const other = await owner.client.post('/api/appointments', {
      agentId: owner.agentId,
      serviceId: owner.serviceId,
      startsAt: spAt(tomorrow, '09:00'),
      customerName: 'Outra Pessoa',
      customerPhone: '11 95555-4444',
    });
    expect(other.status).toBe(201);
    script(
      [
        () => ({
          name: 'cancel_appointment',
          arguments: { appointmentId: other.body.id, customerPhone: '11 91111-2222' },
        }),
      ],
      'Não encontrei.',
    );
    await owner.client.post(`/api/agents/${owner.agentId}/test`, { message: 'Cancela o meu' });
    const [refusal] = toolResultsOf(fake.chatRequests.at(-1)!);
    expect(refusal!.ok).toBe(false);
    const agenda = await owner.client.get(`/api/appointments?from=${tomorrow}&to=${tomorrow}`);
    expect(agenda.body[0]).toMatchObject({ id: other.body.id, status: 'confirmed' });
  });
});
