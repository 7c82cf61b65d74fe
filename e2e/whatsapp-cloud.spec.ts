import type { APIRequestContext } from '@playwright/test';
import { createAgentViaApi, toast } from './agents-api';
import { addDays, dayIn, setUpBookingViaApi } from './appointments-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';
import { advanceJob, query, test as pgTest } from './postgres-app';
import {
  cloudSimChatViaApi,
  connectCloudInEditor,
  connectCloudViaApi,
  openCloudSimChat,
} from './whatsapp-api';

// The official WhatsApp Business line with the built-in simulator playing Meta: a coexistence
// number connected in the editor, chats on /simulator, the owner answering from the Business
// app, the message templates, and a reminder going out as an approved template.

interface InboxItem {
  id: number;
  agent: { id: number };
  bot: { state: string };
}
interface InboxMessage {
  author: 'customer' | 'agent' | 'person';
  text: string;
  status: string;
}

/** The agent's one WhatsApp conversation as the inbox API has it, with its messages. */
async function conversationOf(request: APIRequestContext, agentId: number) {
  const list = await request.get('/api/conversations');
  expect(list.status()).toBe(200);
  const item = ((await list.json()) as { items: InboxItem[] }).items.find(
    (i) => i.agent.id === agentId,
  );
  if (!item) return null;
  const detail = await request.get(`/api/conversations/${item.id}`);
  expect(detail.status()).toBe(200);
  return { item, messages: ((await detail.json()) as { messages: InboxMessage[] }).messages };
}

/** Whether every template of the owner's was reviewed (none is still PENDING). */
async function templatesReviewed(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/api/whatsapp/templates');
  const list = (await response.json()) as { status: string }[];
  return list.length > 0 && list.every((template) => template.status !== 'PENDING');
}

test('a number also on the Business app: the agent answers a customer in the simulator, then stays quiet once the owner answers from the app', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  test.slow();
  await subscribeViaSandbox(page, baseURL!, user, 'multi');
  const request = page.context().request;
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    status: 'active',
    knowledgeBase: 'A Padaria Pão Quente abre todos os dias das 6h às 20h.',
  });
  const number = await connectCloudInEditor(page, agent.id, 'coexistence');
  expect(number.coexistence).toBe(true);

  // The customer writes from the simulated phone; the agent answers through the API.
  const customer = '5511976543210';
  const panel = await openCloudSimChat(page, number.phoneNumberId, customer);
  const bubbles = panel.getByTestId('cloud-sim-message');
  const customerComposer = panel.getByTestId('cloud-sim-customer-composer');
  await customerComposer.getByLabel('Mensagem').fill('Oi, que horas vocês abrem?');
  await customerComposer.getByRole('button', { name: 'Enviar' }).click();
  await expect(bubbles.and(page.locator('[data-from="customer"]'))).toContainText(
    'que horas vocês abrem?',
  );
  const answers = bubbles.and(page.locator('[data-from="business"]'));
  await expect(answers.first()).toBeVisible({ timeout: 45_000 });
  await expect(answers.first()).not.toHaveText(/^\s*$/);
  // The answer is complete once the inbox has it done: then its parts are all on the phone.
  await expect
    .poll(
      async () =>
        (await conversationOf(request, agent.id))?.messages.some(
          (m) => m.author === 'agent' && m.status === 'done',
        ),
      { timeout: 45_000 },
    )
    .toBe(true);
  const answered = (await cloudSimChatViaApi(page, number.phoneNumberId, customer)).filter(
    (m) => m.from === 'business',
  ).length;
  expect(answered).toBeGreaterThan(0);

  // The owner answers from the WhatsApp Business app on the phone: marked so, and the bot pauses.
  const app = panel.getByTestId('cloud-sim-app-composer');
  await app.getByLabel('Responder pelo app WhatsApp Business').fill('Oi! Hoje eu mesma atendo.');
  await app.getByRole('button', { name: 'Responder pelo app' }).click();
  const fromApp = bubbles.and(page.locator('[data-from="business-app"]'));
  await expect(fromApp).toContainText('Oi! Hoje eu mesma atendo.');
  await expect(fromApp.getByTestId('cloud-sim-app-mark')).toHaveText(
    'Enviada pelo app WhatsApp Business',
  );
  await expect
    .poll(async () => (await conversationOf(request, agent.id))?.item.bot.state, {
      timeout: 20_000,
    })
    .toBe('paused');

  // The customer writes again: it reaches the inbox and is handled, and the agent says nothing.
  await customerComposer.getByLabel('Mensagem').fill('E no domingo?');
  await customerComposer.getByRole('button', { name: 'Enviar' }).click();
  await expect(bubbles.last()).toContainText('E no domingo?');
  await expect
    .poll(
      async () =>
        (await conversationOf(request, agent.id))?.messages.find(
          (m) => m.author === 'customer' && m.text.includes('E no domingo?'),
        )?.status,
      { timeout: 30_000 },
    )
    .toBe('done');
  const after = await cloudSimChatViaApi(page, number.phoneNumberId, customer);
  expect(after.filter((m) => m.from === 'business')).toHaveLength(answered);
  expect(after.at(-1)).toMatchObject({ from: 'customer', text: 'E no domingo?' });
  await expect(bubbles.last()).toHaveAttribute('data-from', 'customer');
});

test('the official number’s templates: the system’s are listed, a new one goes to review and comes back approved', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  test.slow();
  await subscribeViaSandbox(page, baseURL!, user, 'multi');
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Clínica Vida', status: 'active' });
  await connectCloudInEditor(page, agent.id, 'new');

  const card = page.getByTestId('cloud-templates-card');
  await expect(card.getByRole('heading', { name: 'Modelos de mensagem' })).toBeVisible();
  await expect(card).toContainText('só deixa passar modelos aprovados');
  // The product's own templates were submitted as the number connected.
  await expect(card.getByTestId('cloud-template').first()).toBeVisible();

  await card.getByRole('button', { name: 'Novo modelo' }).click();
  const form = card.getByTestId('cloud-template-form');
  await form.getByLabel('Título do modelo').fill('Promoção de Verão');
  await expect(form.getByTestId('cloud-template-technical-name')).toHaveText(
    'Nome técnico: promocao_de_verao',
  );
  await form.getByRole('radio', { name: /Marketing/ }).check();
  const body = form.getByLabel('Texto da mensagem');
  await body.fill('Olá, ');
  await body.press('End');
  await form.getByRole('button', { name: 'Inserir variável' }).click();
  await body.pressSequentially('! Hoje tem 20% de desconto até ');
  await form.getByRole('button', { name: 'Inserir variável' }).click();
  await body.pressSequentially('.');
  await expect(body).toHaveValue('Olá, {{1}}! Hoje tem 20% de desconto até {{2}}.');
  const first = form.getByLabel('Exemplo para {{1}}');
  const second = form.getByLabel('Exemplo para {{2}}');
  await first.fill('Marta');

  // An example left empty is pointed out before anything is sent.
  await form.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(second).toHaveAttribute('aria-invalid', 'true');
  await expect(second).toHaveAccessibleDescription('Preencha o exemplo desta variável.');
  await expect(first).not.toHaveAttribute('aria-invalid', 'true');

  await second.fill('domingo');
  await form.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(toast(page).filter({ hasText: 'Modelo enviado para análise' })).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = card.locator('[data-testid="cloud-template"][data-name="promocao_de_verao"]');
  await expect(row).toContainText('Marketing');
  await expect(row.getByTestId('cloud-template-status')).toHaveText('Em análise');
  // The simulator approves it a few seconds later; the list, re-read meanwhile, says so.
  await expect(row.getByTestId('cloud-template-status')).toHaveText('Aprovado', {
    timeout: 20_000,
  });
});

pgTest(
  'a reminder to a customer who never wrote to the official number goes as an approved template',
  async ({ signedInPage: { page, user }, baseURL, databaseUrl }) => {
    pgTest.slow();
    await subscribeViaSandbox(page, baseURL!, user, 'multi');
    const request = page.context().request;
    const agent = await createAgentViaApi(page, baseURL!, {
      name: 'Clínica Vida',
      status: 'active',
    });
    const { serviceId } = await setUpBookingViaApi(page, baseURL!, agent.id, {
      name: 'Consulta',
      durationMinutes: 30,
    });
    const number = await connectCloudViaApi(page, baseURL!, agent.id);
    // The product's templates were submitted as the number connected; Meta (the simulator)
    // reviews them in seconds.
    await expect.poll(() => templatesReviewed(request), { timeout: 20_000 }).toBe(true);

    const inTwoDays = addDays(dayIn(new Date().toISOString()), 2);
    const slots = await request.get(
      `/api/agents/${agent.id}/slots?serviceId=${serviceId}&from=${inTwoDays}&to=${inTwoDays}`,
    );
    const [slot] = (await slots.json()) as { startsAt: string }[];
    const booked = await request.post('/api/appointments', {
      data: {
        agentId: agent.id,
        serviceId,
        startsAt: slot!.startsAt,
        customerName: 'Marta Lima',
        customerPhone: '(11) 97654-1111',
      },
      headers: { Origin: baseURL! },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const appointmentId = ((await booked.json()) as { id: number }).id;

    // The 24-hour reminder is made due now, not waited for.
    const [dayBefore] = await query<{ id: number }>(
      databaseUrl,
      `SELECT id FROM appointment_reminders WHERE appointment_id = $1
        ORDER BY hours_before DESC LIMIT 1`,
      [appointmentId],
    );
    await advanceJob(
      databaseUrl,
      { table: 'appointment_reminders', id: dayBefore!.id },
      { queue: 'appointment-reminder', singletonKey: `reminder:${dayBefore!.id}` },
    );

    // The customer never wrote: outside the 24 hours, the reminder reaches them as a template.
    const panel = await openCloudSimChat(page, number.phoneNumberId, '5511976541111');
    const reminder = panel.getByTestId('cloud-sim-message').first();
    await expect(reminder).toHaveAttribute('data-kind', 'template', { timeout: 45_000 });
    await expect(reminder).toHaveAttribute('data-from', 'business');
    await expect(reminder.getByTestId('cloud-sim-template-mark')).toHaveText('Modelo aprovado');
    await expect(reminder).toContainText('Marta');
  },
);

pgTest(
  'past the customer’s 24 hours the inbox offers the approved templates: one goes out, its variables filled',
  async ({ signedInPage: { page, user }, baseURL, databaseUrl }) => {
    pgTest.slow();
    await subscribeViaSandbox(page, baseURL!, user, 'multi');
    const request = page.context().request;
    const agent = await createAgentViaApi(page, baseURL!, {
      name: 'Doceria Bela',
      status: 'active',
      knowledgeBase: 'A Doceria Bela faz bolos sob encomenda, com dois dias de antecedência.',
    });
    const number = await connectCloudViaApi(page, baseURL!, agent.id);

    // The customer writes; the agent answers.
    const customer = '5511976542222';
    const panel = await openCloudSimChat(page, number.phoneNumberId, customer);
    const customerComposer = panel.getByTestId('cloud-sim-customer-composer');
    await customerComposer.getByLabel('Mensagem').fill('Vocês fazem bolo de aniversário?');
    await customerComposer.getByRole('button', { name: 'Enviar' }).click();
    await expect
      .poll(
        async () =>
          (await conversationOf(request, agent.id))?.messages.some(
            (m) => m.author === 'agent' && m.status === 'done',
          ),
        { timeout: 45_000 },
      )
      .toBe(true);
    // The notice template, submitted as the number connected, comes back approved.
    await expect.poll(() => templatesReviewed(request), { timeout: 20_000 }).toBe(true);

    // A day goes by: the customer's messages are aged past 24 hours, and a free-form reply is
    // refused.
    const { item } = (await conversationOf(request, agent.id))!;
    await query(
      databaseUrl,
      `UPDATE messages SET created_at = now() - interval '25 hours'
        WHERE conversation_id = $1 AND role = 'user'`,
      [item.id],
    );
    const refused = await request.post(`/api/conversations/${item.id}/messages`, {
      data: { text: 'Fazemos sim!' },
      headers: { Origin: baseURL! },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('CLOUD_WINDOW_CLOSED');

    // In the inbox the template picker takes the composer's place.
    await page.goto('/dashboard/conversas');
    await page.getByTestId('inbox-row').filter({ hasText: 'Doceria Bela' }).click();
    const view = page.getByTestId('inbox-conversation');
    const picker = view.getByTestId('inbox-template-picker');
    await expect(picker.getByTestId('inbox-window-closed')).toHaveText(
      'A conversa passou de 24 horas: o WhatsApp só deixa enviar um modelo aprovado.',
    );
    await expect(view.getByTestId('inbox-composer')).toHaveCount(0);

    await picker.getByLabel('Modelo aprovado').selectOption({ label: 'aviso_atendimento' });
    const preview = picker.getByTestId('inbox-template-preview');
    // The examples stand in for the variables until they are filled.
    await expect(preview).toContainText('Olá! Padaria Pão Quente tem uma mensagem para você');
    const first = picker.getByLabel('Variável 1');
    await expect(first).toHaveAttribute('placeholder', 'Padaria Pão Quente');
    await first.fill('Doceria Bela');
    await picker.getByLabel('Variável 2').fill('Fazemos sim, com dois dias de antecedência.');
    await expect(preview).toContainText('Olá! Doceria Bela tem uma mensagem para você');
    await expect(preview).toContainText('Fazemos sim, com dois dias de antecedência.');
    await picker.getByRole('button', { name: 'Enviar modelo' }).click();

    const sent = view
      .getByTestId('inbox-message')
      .and(page.locator('[data-author="person"]'))
      .filter({ hasText: 'Fazemos sim, com dois dias de antecedência.' });
    await expect(sent).toContainText('Olá! Doceria Bela tem uma mensagem para você');
    await expect
      .poll(
        async () =>
          (await cloudSimChatViaApi(page, number.phoneNumberId, customer)).find(
            (m) => m.from === 'business' && m.kind === 'template',
          )?.text,
        { timeout: 20_000 },
      )
      .toContain('Fazemos sim, com dois dias de antecedência.');
    // Still past the 24 hours: the picker stays, ready for another.
    await expect(picker.getByLabel('Variável 1')).toHaveValue('');
  },
);
