import type { BrowserContext } from '@playwright/test';
import { expect, newUserData, test } from './fixtures';
import { makePdf } from './knowledge-files';

/**
 * The yardstick of every screen, walked as a bakery owner who has never seen the product: from
 * the landing page to a correct WhatsApp answer from their own PDF menu, by the shortest path the
 * screens themselves offer (each next step is a button the screen shows, never a URL typed). It
 * counts the owner's clicks and the fields they fill, across every tab, and prints them: the
 * figures of the README's "Your first ten minutes".
 */

interface Tally {
  clicks: string[];
  fields: Set<string>;
}

/** Counts every click a person makes and every field they type into or choose a file for. */
async function tallyOf(context: BrowserContext): Promise<Tally> {
  const tally: Tally = { clicks: [], fields: new Set() };
  await context.exposeBinding('__journeyClick', (_source, what: string) => {
    tally.clicks.push(what);
  });
  await context.exposeBinding('__journeyField', (_source, name: string) => {
    tally.fields.add(name);
  });
  await context.addInitScript(() => {
    const w = window as unknown as {
      __journeyClick: (what: string) => void;
      __journeyField: (name: string) => void;
    };
    document.addEventListener(
      'click',
      (event) => {
        if (!event.isTrusted) return;
        const target = (event.target as Element).closest('a, button, [role], label, input');
        const text = target?.textContent?.trim() || target?.getAttribute('aria-label') || '?';
        w.__journeyClick(`${location.pathname} ${text.slice(0, 40)}`);
      },
      true,
    );
    const field = (event: Event) => {
      const target = event.target as HTMLInputElement;
      if (!event.isTrusted || !('value' in target)) return;
      const label =
        target.labels?.[0]?.textContent ?? target.getAttribute('aria-label') ?? target.name;
      w.__journeyField(`${location.pathname} ${label}`);
    };
    document.addEventListener('input', field, true);
    document.addEventListener('change', field, true);
  });
  return tally;
}

const MENU = [
  'Padaria Pão Quente — Rua das Flores, 120, Centro, Campinas',
  'Cardápio',
  'Pão francês: R$ 18,90 o quilo',
  'Coxinha de frango: R$ 7,50',
  'Bolo de cenoura com chocolate: R$ 45,00',
  'Aberto de segunda a sábado, das 6h às 20h.',
];

test('a bakery owner goes from the landing page to a WhatsApp answer from their own PDF', async ({
  page,
}, testInfo) => {
  test.slow();
  const tally = await tallyOf(page.context());
  const user = newUserData();

  // Landing → plan → account.
  await page.goto('/');
  await page.getByRole('link', { name: 'Escolher meu plano' }).first().click();
  await page.getByRole('link', { name: 'Continuar com Padrão' }).click();
  await page.getByLabel('Nome de usuário').fill(user.username);
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmar senha').fill(user.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  // The test checkout.
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  await page.getByRole('button', { name: 'Aprovar pagamento' }).click();
  await page.getByRole('link', { name: 'Ir para o painel' }).click();

  // The checklist: an agent from the bakery template.
  const checklist = page.getByTestId('go-live-checklist');
  await checklist.getByRole('button', { name: 'Criar meu agente' }).click();
  await page.getByRole('button', { name: 'Padaria e Confeitaria' }).click();
  const quick = page.getByRole('dialog', { name: 'Criar novo agente' });
  await quick.getByLabel('Nome do negócio').fill('Padaria Pão Quente');
  await quick.getByRole('button', { name: 'Continuar' }).click();
  // Their own PDF menu, on the form's knowledge tab.
  await quick.getByRole('tab', { name: 'Base de conhecimento' }).click();
  const chooser = page.waitForEvent('filechooser');
  await quick.getByRole('button', { name: 'Escolher arquivos' }).click();
  await (
    await chooser
  ).setFiles({ name: 'cardapio.pdf', mimeType: 'application/pdf', buffer: await makePdf(MENU) });
  await quick.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(quick).toBeHidden();
  const activate = checklist.getByRole('button', { name: 'Ativar agente' });
  await expect(checklist.getByTestId('checklist-knowledge')).toHaveAttribute('data-done', 'true');
  if (await activate.isVisible()) await activate.click();

  // WhatsApp: the number, the QR code, scanned on the simulated phone.
  await checklist.getByRole('button', { name: 'Conectar WhatsApp' }).click();
  await page.getByLabel('Número do WhatsApp').fill('5519988887777');
  await page.getByRole('button', { name: 'Criar Instância WhatsApp' }).click();
  const phonePage = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'Simulador' }).click();
  const phone = await phonePage;
  await phone.getByTestId('sim-instance').getByRole('button', { name: 'Escanear QR Code' }).click();
  const chat = phone.getByTestId('sim-chat-panel');
  await chat.getByLabel('Mensagem').fill('qual o endereço?');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.locator('[data-testid="sim-message"][data-direction="out"]')).toContainText(
    'Rua das Flores, 120',
    { timeout: 30_000 },
  );

  const figures = `${tally.clicks.length} clicks, ${tally.fields.size} fields`;
  testInfo.annotations.push({ type: 'first answer', description: figures });
  console.log(`first WhatsApp answer from the owner's PDF: ${figures}`);
  console.log(`clicks:\n  ${tally.clicks.join('\n  ')}`);
  console.log(`fields:\n  ${[...tally.fields].join('\n  ')}`);
});
