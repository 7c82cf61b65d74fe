import { openSection } from './agents-api';
import { expect, type Page } from './fixtures';

/** The agent's WhatsApp instance as GET /api/agents/{id}/whatsapp answers it. */
export interface ApiWhatsappView {
  hasInstance: boolean;
  status: string | null;
  qrCode: string | null;
  instanceName: string | null;
  phoneNumber: string | null;
  simulator: boolean;
}

/** Creates the agent's instance through the API (same cookie jar as the page). */
export async function createInstanceViaApi(
  page: Page,
  baseURL: string,
  agentId: number,
  phoneNumber = '5511955554444',
): Promise<ApiWhatsappView> {
  const response = await page
    .context()
    .request.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
      data: { phoneNumber },
      headers: { Origin: baseURL },
    });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as ApiWhatsappView;
}

export async function getInstanceViaApi(page: Page, agentId: number): Promise<ApiWhatsappView> {
  const response = await page.context().request.get(`/api/agents/${agentId}/whatsapp`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiWhatsappView;
}

/** Chooses an agent in a Radix select of the WhatsApp screens. */
export async function chooseAgent(page: Page, name: string): Promise<void> {
  await page.getByTestId('whatsapp-agent-select').click();
  await page.getByRole('option', { name }).click();
}

/**
 * Opens the simulator in a new tab of the signed-in context, scans the one instance waiting for
 * its QR code and resolves to that tab and its chat panel, where a test writes as a customer.
 */
export async function connectInSimulator(page: Page) {
  const phone = await page.context().newPage();
  await phone.goto('/simulator');
  const instance = phone.getByTestId('sim-instance');
  await instance.getByRole('button', { name: 'Escanear QR Code' }).click();
  await expect(instance).toHaveAttribute('data-state', 'open', { timeout: 10_000 });
  return { phone, chat: phone.getByTestId('sim-chat-panel') };
}

/**
 * Opens the agent's newest conversation in the owner's inbox (Conversas) and resolves to its
 * message bubble that contains `text`.
 */
export async function inboxMessage(page: Page, agentName: string, text: string) {
  await page.goto('/dashboard');
  await openSection(page, 'conversations');
  await page.getByTestId('inbox-row').filter({ hasText: agentName }).first().click();
  return page
    .getByTestId('inbox-conversation')
    .getByTestId('inbox-message')
    .filter({ hasText: text });
}

/** The agent's official number as GET /api/agents/{id}/whatsapp answers it. */
export interface ApiCloudNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string | null;
  coexistence: boolean;
  status: string;
}

/** One message of a customer's phone in the Cloud API simulator. */
export interface ApiCloudSimMessage {
  id: string;
  from: 'customer' | 'business' | 'business-app';
  kind: string;
  text: string;
  status: string | null;
}

/**
 * Connects the agent's official number through the editor's WhatsApp tab, the simulator playing
 * Meta's Embedded Signup ('Concluir' in its dialog), and resolves to the connected number.
 */
export async function connectCloudInEditor(
  page: Page,
  agentId: number,
  way: 'new' | 'coexistence',
): Promise<ApiCloudNumber> {
  await page.goto(`/agents/${agentId}/edit?tab=whatsapp`);
  const card = page.getByTestId('editor-whatsapp-card');
  await card
    .getByRole('button', {
      name: way === 'new' ? 'Conectar número novo' : 'Já uso o WhatsApp Business no celular',
    })
    .click();
  const dialog = page.getByTestId('cloud-simulator-dialog');
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('cloud-number-card')).toBeVisible();
  await expect(card.getByTestId('cloud-whatsapp-status')).toHaveText('Conectado');
  return cloudNumberViaApi(page, agentId);
}

/** Connects the agent's official number through the API: the simulator's signup, then connect. */
export async function connectCloudViaApi(
  page: Page,
  baseURL: string,
  agentId: number,
  coexistence = false,
): Promise<ApiCloudNumber> {
  const request = page.context().request;
  const headers = { Origin: baseURL };
  const signed = await request.post('/api/whatsapp/cloud/simulator/signup', {
    data: { agentId, coexistence },
    headers,
  });
  expect(signed.status(), await signed.text()).toBe(200);
  const { code, wabaId, phoneNumberId, event } = (await signed.json()) as {
    code: string;
    wabaId: string;
    phoneNumberId: string | null;
    event: string;
  };
  const onApp = event === 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING';
  const connected = await request.post(`/api/agents/${agentId}/whatsapp/cloud`, {
    data: { code, wabaId, ...(phoneNumberId ? { phoneNumberId } : {}), coexistence: onApp },
    headers,
  });
  expect(connected.status(), await connected.text()).toBe(201);
  return cloudNumberViaApi(page, agentId);
}

async function cloudNumberViaApi(page: Page, agentId: number): Promise<ApiCloudNumber> {
  const response = await page.context().request.get(`/api/agents/${agentId}/whatsapp`);
  expect(response.status()).toBe(200);
  const view = (await response.json()) as { channel: string | null; cloud: ApiCloudNumber | null };
  expect(view.channel).toBe('cloud');
  return view.cloud!;
}

/** What a customer's phone shows in the Cloud API simulator (GET …/chats/{phone}). */
export async function cloudSimChatViaApi(
  page: Page,
  phoneNumberId: string,
  phone: string,
): Promise<ApiCloudSimMessage[]> {
  const response = await page
    .context()
    .request.get(`/api/whatsapp/cloud/simulator/numbers/${phoneNumberId}/chats/${phone}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { messages: ApiCloudSimMessage[] }).messages;
}

/**
 * Opens /simulator on the official numbers' section, chooses the number and the customer's phone,
 * and resolves to its chat panel.
 */
export async function openCloudSimChat(page: Page, phoneNumberId: string, phone: string) {
  await page.goto('/simulator');
  const section = page.getByTestId('cloud-sim');
  const number = section.locator(
    `[data-testid="cloud-sim-number"][data-phone-number-id="${phoneNumberId}"]`,
  );
  await number.click();
  await expect(number).toHaveAttribute('aria-pressed', 'true');
  const panel = section.getByTestId('cloud-sim-chat-panel');
  await panel.getByLabel('Número do cliente').fill(phone);
  return panel;
}
