import type { APIRequestContext } from '@playwright/test';
import { expect, type Page } from './fixtures';

export interface ApiAgent {
  id: number;
  name: string;
  description: string | null;
  systemPrompt: string;
  knowledgeBase: string | null;
  model: string;
  temperature: number;
  maxTokens: number;
  status: string;
  tools: string[];
  googleServices: string[];
  externalApis: string | null;
  responseStyle: string;
  language: string;
}

/** Creates an agent of the signed-in user through the API (same cookie jar as the page). */
export async function createAgentViaApi(
  page: Page,
  baseURL: string,
  data: Partial<ApiAgent> & { name: string },
): Promise<ApiAgent> {
  const response = await page.context().request.post('/api/agents', {
    data: { systemPrompt: `Você atende os clientes de ${data.name}.`, ...data },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiAgent;
}

/** The signed-in user's agents, newest first, as the server has them. */
export async function listAgentsViaApi(request: APIRequestContext): Promise<ApiAgent[]> {
  const response = await request.get('/api/agents');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiAgent[];
}

/** The integrators' tools, in the sidebar's folded 'Avançado' group. */
export const ADVANCED_SECTIONS = ['whatsapp-instances', 'whatsapp-test', 'evolution'];

/** Unfolds the sidebar's 'Avançado' group (in `scope`: the page, or the phone's menu) if folded. */
export async function unfoldAdvanced(page: Page, scope = page.locator('body')): Promise<void> {
  const toggle = scope.getByTestId('sidebar-advanced');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** Opens a dashboard section by its sidebar link (unfolding 'Avançado' for an integrator's tool). */
export async function openSection(page: Page, section: string): Promise<void> {
  if (ADVANCED_SECTIONS.includes(section)) await unfoldAdvanced(page, page.locator('aside'));
  const link = page.locator(`nav [data-section="${section}"]`);
  await link.click();
  // Opened once its link says so (the same render swaps the section in): a next step never acts
  // on the section this click was leaving.
  await expect(link).toHaveAttribute('aria-current', 'page');
}

export const toast = (page: Page) => page.getByTestId('toast');
