import { createAgentViaApi, listAgentsViaApi, toast } from './agents-api';
import { expect, test, type Page } from './fixtures';
import {
  listDocumentsViaApi,
  makePdf,
  makeTextlessPdf,
  openKnowledgeTab,
  PNG_BYTES,
  uploadViaApi,
  waitUntilReady,
} from './knowledge-files';

const FACT = 'A revisão dos 10.000 km custa R$ 350,00 e leva cerca de duas horas.';
const PDF_PARAGRAPHS = [
  'Oficina Roda Viva — Tabela de serviços',
  FACT,
  'O alinhamento e o balanceamento são feitos no mesmo dia, com hora marcada.',
];
const TXT = { name: 'revisoes.txt', mimeType: 'text/plain', buffer: Buffer.from(FACT) };

const fileInput = (page: Page) => page.getByLabel('Arquivo para a base de conhecimento');
const rows = (page: Page) => page.getByTestId('document-row');

test('upload a PDF in the editor, see it become Pronto, then the testing chat answers from it with its citation', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Oficina Roda Viva' });
  await openKnowledgeTab(page, agent.id);
  await expect(page.getByText('Nenhum documento enviado')).toBeVisible();
  await expect(page.getByText('PDF, DOCX, TXT, MD, XLSX, CSV — até 10 MB cada')).toBeVisible();

  const pdf = await makePdf(PDF_PARAGRAPHS);
  await fileInput(page).setInputFiles({
    name: 'tabela-revisoes.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  const row = rows(page).filter({ hasText: 'tabela-revisoes.pdf' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('document-type')).toHaveText('PDF');
  const kb = (pdf.length / 1024).toFixed(1).replace('.', ',');
  await expect(row.getByTestId('document-size')).toHaveText(`${kb} KB`);
  await expect(row.getByTestId('document-status')).toHaveText('Pronto', { timeout: 20_000 });
  await expect(row.getByRole('progressbar')).toHaveCount(0);
  await expect(toast(page)).toContainText('Documento enviado');
  await expect(toast(page)).toContainText('Arquivo processado com sucesso.');
  // The offline provider has no embedding model: the index says it is text only.
  await expect(page.getByTestId('index-mode')).toContainText('só pelas palavras');

  await page.goto('/dashboard');
  await page.locator('[data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Oficina Roda Viva' }).click();
  const composer = page.getByRole('textbox', { name: 'Mensagem para o agente' });
  await composer.fill('Quanto custa a revisão dos 10.000 km?');
  await composer.press('Enter');
  const reply = page.getByTestId('chat-message').last();
  await expect(reply).toContainText('R$ 350,00');
  const citations = reply.getByTestId('citations');
  await expect(citations).toContainText('tabela-revisoes.pdf');
  await expect(citations).toContainText('A revisão dos 10.000 km custa R$ 350,00');
});

test('a disguised file (PNG named .pdf) shows Erro no upload with the server message and is not listed; an oversized file is stopped in the browser', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Loja Disfarce' });
  await openKnowledgeTab(page, agent.id);
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/upload-document')) uploads.push(r.url());
  });

  await fileInput(page).setInputFiles({
    name: 'cardapio.pdf',
    mimeType: 'application/pdf',
    buffer: PNG_BYTES,
  });
  await expect(toast(page)).toContainText('Erro no envio');
  await expect(toast(page)).toContainText(
    'Tipo de arquivo não suportado. Envie PDF, DOCX, TXT, MD, XLSX ou CSV (até 10 MB).',
  );
  expect(uploads).toHaveLength(1);
  await expect(page.getByText('Nenhum documento enviado')).toBeVisible();
  expect(await listDocumentsViaApi(page, agent.id)).toEqual([]);

  await fileInput(page).setInputFiles({
    name: 'catalogo.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
  });
  await expect(toast(page)).toContainText(
    '"catalogo.pdf" tem 10,0 MB; o limite é 10 MB por arquivo.',
  );
  expect(uploads).toHaveLength(1);
});

test('a file uploaded while the list is still loading shows up in it', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Oficina Apressada' });
  // The tab's first read of the list is answered (empty) only after the upload has finished.
  let answered: () => void = () => {};
  const firstRead = new Promise<void>((resolve) => (answered = resolve));
  let held = false;
  await page.route(`**/api/agents/${agent.id}/documents`, async (route) => {
    if (held) return route.continue();
    held = true;
    const response = await route.fetch();
    await firstRead;
    // The page may have given up on this read by then (an aborted request is handled already).
    await route.fulfill({ response }).catch(() => {});
  });
  await openKnowledgeTab(page, agent.id);
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload-document'));
  await fileInput(page).setInputFiles(TXT);
  expect((await uploaded).status()).toBe(201);
  answered();
  const row = rows(page).filter({ hasText: 'revisoes.txt' });
  await expect(row.getByTestId('document-status')).toHaveText('Pronto', { timeout: 20_000 });
});

test('a PDF without text fails with its reason and Processar novamente runs it again', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Oficina Escaneada' });
  await openKnowledgeTab(page, agent.id);
  await fileInput(page).setInputFiles({
    name: 'digitalizado.pdf',
    mimeType: 'application/pdf',
    buffer: await makeTextlessPdf(),
  });
  const row = rows(page).filter({ hasText: 'digitalizado.pdf' });
  await expect(row.getByTestId('document-status')).toHaveText('Falhou', { timeout: 20_000 });
  const reason = 'Não encontramos texto no arquivo (um PDF escaneado, só com imagens?).';
  await expect(row.getByTestId('document-failure')).toContainText(reason);
  await expect(toast(page)).toContainText('Erro no envio');
  await expect(toast(page)).toContainText(`"digitalizado.pdf": ${reason}`);

  // The first failure's toast closes on its own; the second run must bring a new one.
  await expect(toast(page)).toHaveCount(0, { timeout: 10_000 });
  const again = page.waitForResponse((r) => r.url().endsWith('/reprocess'));
  await row.getByRole('button', { name: 'Processar novamente' }).click();
  const reprocessed = await again;
  expect(reprocessed.status()).toBe(200);
  expect(((await reprocessed.json()) as { processingStatus: string }).processingStatus).toBe(
    'pending',
  );
  await expect(toast(page)).toContainText(`"digitalizado.pdf": ${reason}`, { timeout: 20_000 });
  await expect(row.getByTestId('document-status')).toHaveText('Falhou');
  expect((await listDocumentsViaApi(page, agent.id))[0]?.processingStatus).toBe('failed');
});

test('delete a document after the confirm and see the empty state', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Oficina Apaga' });
  await uploadViaApi(page, baseURL!, agent.id, TXT);
  await openKnowledgeTab(page, agent.id);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByTestId('document-type')).toHaveText('TXT');

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Excluir revisoes.txt' }).click();
  await expect(toast(page)).toContainText('Documento excluído');
  await expect(page.getByText('Nenhum documento enviado')).toBeVisible();
  expect(asked).toEqual([
    'Excluir o documento "revisoes.txt"? O agente deixa de usar o conteúdo dele nas respostas.',
  ]);
  expect(await listDocumentsViaApi(page, agent.id)).toEqual([]);
});

test('Testar busca finds a passage without accents (revisao) and never sends a blank question', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Oficina Busca' });
  await uploadViaApi(page, baseURL!, agent.id, TXT);
  await waitUntilReady(page, agent.id);
  await openKnowledgeTab(page, agent.id);
  let searches = 0;
  page.on('request', (r) => {
    if (r.url().includes('/knowledge/search')) searches += 1;
  });

  const question = page.getByRole('searchbox', { name: 'Pergunta' });
  const button = page.getByRole('button', { name: 'Buscar' });
  await question.fill('   ');
  await expect(button).toBeDisabled();
  await question.press('Enter');
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  expect(searches).toBe(0);

  await question.fill('revisao');
  await button.click();
  const hit = page.getByTestId('search-hit').first();
  await expect(hit).toContainText('A revisão dos 10.000 km custa R$ 350,00');
  await expect(hit).toContainText('revisoes.txt');
  await expect(hit).toContainText(/Relevância \d+,\d{3}/);
  await expect(page.getByTestId('search-mode')).toHaveText('Busca só pelas palavras');
  expect(searches).toBe(1);
});

test('the quick dialog uploads a chosen TXT right after creating the agent; the editor lists it', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Criar Rápido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar novo agente' });
  await dialog.getByRole('tab', { name: 'Básico' }).click();
  await dialog.getByLabel('Nome do Agente').fill('Oficina Rápida');
  await dialog.getByLabel('Instruções do agente').fill('Você atende os clientes da oficina.');

  await dialog.getByRole('tab', { name: 'Base de Conhecimento' }).click();
  await dialog
    .getByLabel('Documentos para a base de conhecimento')
    .setInputFiles([
      TXT,
      { name: 'extra.md', mimeType: 'text/markdown', buffer: Buffer.from('# Extra') },
      { name: 'contrato.doc', mimeType: 'application/msword', buffer: Buffer.from('doc') },
    ]);
  await expect(dialog.getByRole('alert')).toContainText('"contrato.doc" é um arquivo .doc');
  const chosen = dialog.getByTestId('chosen-file');
  await expect(chosen).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Remover extra.md' }).click();
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText('revisoes.txt');

  await dialog.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(toast(page)).toContainText('Agente criado');
  await expect(toast(page)).toContainText('1 documento foi enviado');
  await expect(dialog).toHaveCount(0);

  const [agent] = await listAgentsViaApi(page.context().request);
  expect(agent?.name).toBe('Oficina Rápida');
  await openKnowledgeTab(page, agent!.id);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('revisoes.txt');
});

test('Nome para os clientes: a too-long name stays on its field, a failed save keeps what was typed, the saved name leads the row; the testing chat still cites the file', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Oficina Roda Viva' });
  await uploadViaApi(page, baseURL!, agent.id, TXT);
  await waitUntilReady(page, agent.id);
  await openKnowledgeTab(page, agent.id);
  const row = rows(page).filter({ hasText: 'revisoes.txt' });
  await row.getByRole('button', { name: 'Nome para os clientes de revisoes.txt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nome para os clientes' });
  const field = dialog.getByRole('textbox', { name: 'Nome para os clientes' });
  const save = dialog.getByRole('button', { name: 'Salvar nome' });

  // The shared schema's limit (120 characters) is checked before any request.
  let patches = 0;
  page.on('request', (r) => {
    if (r.method() === 'PATCH') patches += 1;
  });
  await field.fill('a'.repeat(121));
  await save.click();
  await expect(field).toHaveAccessibleDescription('Texto longo demais');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(patches).toBe(0);

  // A failed save: one message, the dialog stays open with the name as typed.
  const url = `**/api/agents/${agent.id}/documents/*`;
  await page.route(url, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 503, json: { message: 'Serviço indisponível', code: 'INTERNAL' } })
      : route.continue(),
  );
  await field.fill('Tabela de revisões');
  await save.click();
  await expect(dialog.getByTestId('error-alert')).toHaveText('Serviço indisponível');
  await expect(field).toHaveValue('Tabela de revisões');
  await expect(toast(page)).toHaveCount(0);
  await page.unroute(url);

  await save.click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('Nome para os clientes salvo');
  await expect(row.getByTestId('document-public-title')).toHaveText('Tabela de revisões');
  await expect(row).toContainText('Arquivo: revisoes.txt');
  const [doc] = await listDocumentsViaApi(page, agent.id);
  expect(doc).toMatchObject({ publicTitle: 'Tabela de revisões' });

  // Emptied, the name goes back to the file's.
  await row.getByRole('button', { name: 'Nome para os clientes de revisoes.txt' }).click();
  await expect(field).toHaveValue('Tabela de revisões');
  await field.fill('   ');
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('document-public-title')).toHaveCount(0);
  const [cleared] = await listDocumentsViaApi(page, agent.id);
  expect(cleared).toMatchObject({ publicTitle: null });

  // The owner's testing chat is internal: it names the file itself.
  await row.getByRole('button', { name: 'Nome para os clientes de revisoes.txt' }).click();
  await field.fill('Tabela de revisões');
  await save.click();
  await expect(dialog).toBeHidden();
  await page.goto('/dashboard');
  await page.locator('[data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Oficina Roda Viva' }).click();
  const composer = page.getByRole('textbox', { name: 'Mensagem para o agente' });
  await composer.fill('Quanto custa a revisão dos 10.000 km?');
  await composer.press('Enter');
  const citations = page.getByTestId('chat-message').last().getByTestId('citations');
  await expect(citations).toContainText('revisoes.txt');
  await expect(citations).not.toContainText('Tabela de revisões');
});
