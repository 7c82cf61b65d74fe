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
