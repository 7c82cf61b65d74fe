import { listAgentsViaApi, openSection, toast } from './agents-api';
import { expect, test } from './fixtures';

/** The category chips in gallery order (pt-BR labels), small businesses first. */
const CHIPS = [
  'Alimentação',
  'Beleza',
  'Academia',
  'Imóveis',
  'Varejo',
  'Automotivo',
  'Atendimento',
  'Tecnologia',
  'Saúde',
  'Animais',
  'Jurídico',
  'Vendas',
  'Educação',
];

test('the gallery leads with small businesses; its counts agree with its cards and chips', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  await openSection(page, 'templates');
  await expect(page.getByRole('heading', { name: 'Modelos de agentes' })).toBeVisible();
  const cards = page.getByTestId('template-card');
  await expect(cards).toHaveCount(16);
  await expect(page.getByTestId('template-stat-templates')).toContainText('16');
  await expect(page.getByTestId('template-stat-categories')).toContainText(String(CHIPS.length));
  await expect(cards.locator('[id$="-name"]').first()).toHaveText('Padaria e Confeitaria');
  await expect(cards.nth(7)).toContainText('Oficina Mecânica');

  // Every category has its chip, and the chips' cards add up to the whole gallery.
  const chips = page.getByRole('group', { name: 'Filtros rápidos' });
  await expect(chips.getByRole('button')).toHaveText(['Todos', ...CHIPS]);
  let total = 0;
  for (const chip of CHIPS) {
    await chips.getByRole('button', { name: chip, exact: true }).click();
    await expect(chips.getByRole('button', { name: chip, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const shown = await cards.count();
    expect(shown, chip).toBeGreaterThan(0);
    for (let i = 0; i < shown; i++) await expect(cards.nth(i)).toContainText(chip);
    total += shown;
  }
  expect(total).toBe(16);
  await chips.getByRole('button', { name: 'Alimentação' }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Padaria e Confeitaria');
  await expect(cards.nth(1)).toContainText('Restaurante e Delivery');
});

test('search and filters narrow the gallery down to the empty state; Limpar Filtros resets', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  await openSection(page, 'templates');
  await expect(page.getByTestId('template-stat-customizable')).toContainText('100% personalizável');

  const cards = page.getByTestId('template-card');
  await expect(cards).toHaveCount(16);
  // Up to 3 tags, then +N: the sales assistant has six.
  const sales = page.getByRole('article', { name: 'Assistente de Vendas' });
  await expect(sales.getByTestId('template-tags').getByRole('listitem')).toHaveCount(4);
  await expect(sales.getByTestId('template-tags')).toContainText('+3');

  const chips = page.getByRole('group', { name: 'Filtros rápidos' });
  const search = page.getByRole('searchbox', { name: 'Buscar modelos' });
  await search.fill('PET SHOP');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Pet Shop');
  await search.fill('convênios'); // a tag of two templates
  await expect(cards).toHaveCount(2);
  await search.fill('barbearia');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Salão de Beleza e Barbearia');
  await search.fill('');

  await chips.getByRole('button', { name: 'Saúde' }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Categoria' }).click();
  await page.getByRole('option', { name: 'Jurídico' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Consultoria Jurídica');
  await expect(chips.getByRole('button', { name: 'Jurídico' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await search.fill('dentista');
  await expect(cards).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Nenhum modelo encontrado' })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(cards).toHaveCount(16);
  await expect(search).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Categoria' })).toHaveText('Todas as categorias');
  await expect(chips.getByRole('button', { name: 'Todos' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the English interface shows the English templates and categories', async ({
  signedInPage: { page },
}) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/dashboard');
  await openSection(page, 'templates');
  const cards = page.getByTestId('template-card');
  await expect(cards).toHaveCount(16);
  await expect(cards.first()).toContainText('Bakery and Patisserie');
  const chips = page.getByRole('group', { name: 'Quick filters' });
  await expect(chips.getByRole('button').nth(1)).toHaveText('Food');
  await page
    .getByRole('article', { name: 'Auto Repair Shop' })
    .getByRole('button', { name: 'Preview' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Auto Repair Shop' })).toContainText(
    'Never make up prices',
  );
});

test('preview copies the texts and creates an agent with the template defaults', async ({
  signedInPage: { page },
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/dashboard');
  await openSection(page, 'templates');
  await page
    .getByRole('article', { name: 'Pet Shop' })
    .getByRole('button', { name: 'Ver detalhes' })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Pet Shop' });
  await expect(dialog.getByRole('heading', { name: 'Sobre este modelo' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Instruções do agente' })).toBeVisible();
  await expect(
    dialog.getByRole('heading', { name: 'Base de conhecimento sugerida' }),
  ).toBeVisible();
  await expect(dialog).toContainText('banho e tosa');

  await dialog.getByRole('button', { name: 'Copiar Instruções do agente' }).click();
  await expect(toast(page)).toContainText('Copiado');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Você é o assistente virtual do [nome do pet shop]');

  // Creating asks the business details first; what is left blank leaves the text.
  await dialog.getByRole('button', { name: 'Criar agente com este modelo' }).click();
  await expect(dialog.getByRole('heading', { name: 'Conte sobre o seu negócio' })).toBeVisible();
  await dialog.getByLabel('Nome do negócio').fill('Pet Feliz');
  await dialog.getByRole('button', { name: 'Criar agente' }).click();
  await expect(toast(page)).toContainText('Criado a partir do modelo, como rascunho.');
  await expect(dialog).toBeHidden();

  const [agent] = await listAgentsViaApi(page.context().request);
  expect(agent).toMatchObject({
    name: 'Pet Shop',
    model: 'gpt-4o-mini',
    temperature: 0.7,
    maxTokens: 2048,
    status: 'draft',
    responseStyle: 'professional',
    language: 'pt',
  });
  expect(agent!.systemPrompt).toBe(copied.replace('[nome do pet shop]', 'Pet Feliz'));
  expect(agent!.knowledgeBase).toContain('- Nome: Pet Feliz');
  expect(agent!.knowledgeBase).not.toMatch(/\[[^\]]*\]/);

  await page
    .getByRole('article', { name: 'Pet Shop' })
    .getByRole('button', { name: 'Ver detalhes' })
    .click();
  await dialog.getByRole('button', { name: 'Fechar detalhes' }).click();
  await expect(dialog).toBeHidden();
});

test('Usar modelo asks the business details, and no answer in the test console has a bracket', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  await openSection(page, 'templates');
  await page
    .getByRole('article', { name: 'Padaria e Confeitaria' })
    .getByRole('button', { name: 'Usar modelo' })
    .click();

  // One short form: what the bakery template needs, each field optional.
  const dialog = page.getByRole('dialog', { name: 'Criar novo agente' });
  const details = dialog.getByRole('form', {
    name: 'Informações do negócio para o modelo Padaria e Confeitaria',
  });
  for (const label of ['Nome do negócio', 'Endereço', 'WhatsApp do negócio', 'Chave Pix']) {
    await expect(details.getByLabel(label)).toBeVisible();
  }
  await details.getByLabel('Nome do negócio').fill('Padaria Pão Quente');
  await details.getByLabel('Endereço').fill('Rua das Flores, 120, Centro, Campinas');
  await details.getByLabel('Chave Pix').fill('pix@paoquente.com.br');
  // The week's hours, not one line: Monday to Friday, Saturday and Sunday.
  const week = details.getByRole('group', { name: 'Horário de funcionamento' });
  const part = (name: string) => week.getByRole('group', { name, exact: true });
  await part('Segunda a sexta').getByLabel('Abre', { exact: true }).fill('06:00');
  await part('Segunda a sexta').getByLabel('Fecha', { exact: true }).fill('20:00');
  await part('Sábado').getByLabel('Abre', { exact: true }).fill('07:00');
  await part('Sábado').getByLabel('Fecha', { exact: true }).fill('06:00');
  await part('Domingo').getByRole('checkbox', { name: 'Fechado' }).check();
  await details.getByRole('button', { name: 'Continuar' }).click();
  // a closing before the opening is refused in place
  await expect(part('Sábado').getByRole('alert')).toHaveText(
    'O horário de fechar deve ser depois do de abrir.',
  );
  await part('Sábado').getByLabel('Fecha', { exact: true }).fill('13:00');
  await details.getByRole('button', { name: 'Continuar' }).click();

  await expect(toast(page)).toContainText('Modelo aplicado');
  await expect(dialog.getByRole('tab', { name: 'Básico' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByLabel('Nome do Agente')).toHaveValue('Padaria e Confeitaria');
  await expect(dialog.getByLabel('Instruções do agente')).toHaveValue(
    /^Você é o atendente virtual da Padaria Pão Quente, uma padaria/,
  );
  await dialog.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(toast(page)).toContainText('Ele ainda não está ativo: só responde nos testes');

  const [agent] = await listAgentsViaApi(page.context().request);
  expect(agent).toMatchObject({ name: 'Padaria e Confeitaria', model: 'gpt-4o-mini' });
  expect(agent!.knowledgeBase).toContain('- Endereço: Rua das Flores, 120, Centro, Campinas');
  expect(agent!.knowledgeBase).toContain('- Pix (chave: pix@paoquente.com.br)');
  expect(agent!.knowledgeBase).toContain(
    '- Segunda a sexta: das 6h às 20h\n- Sábado: das 7h às 13h\n- Domingo e feriados: fechado',
  );
  // the WhatsApp left blank took its line with it
  expect(agent!.knowledgeBase).not.toContain('WhatsApp:');
  // The same hours start the agent's schedule (the business hours follow it), and the booking
  // page carries the business's name.
  const request = page.context().request;
  const availability = await (await request.get(`/api/agents/${agent!.id}/availability`)).json();
  expect(availability).toMatchObject({
    saved: true,
    weekly: [
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '06:00', end: '20:00' })),
      { weekday: 6, start: '07:00', end: '13:00' },
    ],
  });
  const hours = await (await request.get(`/api/agents/${agent!.id}/business-hours`)).json();
  expect(hours).toMatchObject({
    followsAvailability: true,
    weekly: availability.weekly.map(
      ({ weekday, start, end }: { weekday: number; start: string; end: string }) => ({
        weekday,
        start,
        end,
      }),
    ),
  });
  const booking = await (await request.get(`/api/agents/${agent!.id}/booking`)).json();
  expect(booking.businessName).toBe('Padaria Pão Quente');
  for (const text of [agent!.systemPrompt, agent!.knowledgeBase!]) {
    expect(text).not.toMatch(/\[[^\]]*\]/);
  }

  // The customer's question that once got a placeholder, in the test console.
  await page.locator('[data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Padaria e Confeitaria' }).click();
  const composer = page.getByRole('textbox', { name: 'Mensagem para o agente' });
  for (const [index, question] of ['aceita pix?', 'quanto custa o pão francês?'].entries()) {
    await composer.fill(question);
    await composer.press('Enter');
    // the reply is complete once labelled Offline
    await expect(page.getByTestId('offline-badge')).toHaveCount(index + 1);
  }
  const messages = page.getByTestId('chat-message');
  await expect(messages).toHaveCount(5);
  for (const text of await messages.allInnerTexts()) expect(text).not.toMatch(/\[[^\]]*\]/);
});
