import type { WhatsappCloudOffer } from '@common/schemas/whatsapp';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { CloudOfferCard } from '@/features/whatsapp/components/cloud-offer-card';
import { i18n, loadNamespaces } from '@/lib/i18n';

function render(offer: WhatsappCloudOffer): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Router ssrPath="/agents/7/edit">
        <CloudOfferCard agentId={7} offer={offer} />
      </Router>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await loadNamespaces(['whatsapp', 'errors']);
});

describe('the official WhatsApp Business card', () => {
  it('on a plan without it: explains it and links to the plans, with no connect button', () => {
    const html = render({ allowed: false, signup: null, simulator: false });
    expect(html).toContain('WhatsApp Business oficial (recomendado)');
    expect(html).toContain('planos Multi e Consultoria');
    expect(html).toMatch(/<a [^>]*href="\/subscription"[^>]*>Mudar de plano<\/a>/);
    expect(html).not.toContain('Conectar número novo');
    expect(html).not.toContain('Configuração manual');
  });

  it('on a plan with it: the two connect buttons and the manual set-up, no plan link', () => {
    const html = render({ allowed: true, signup: null, simulator: true });
    expect(html).toContain('Conectar número novo');
    expect(html).toContain('Já uso o WhatsApp Business no celular');
    expect(html).toContain('Configuração manual (para quem já tem os dados da Meta)');
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).not.toContain('Mudar de plano');
  });

  it('speaks English when the reader does', async () => {
    await i18n.changeLanguage('en');
    await loadNamespaces(['whatsapp']);
    try {
      const html = render({ allowed: false, signup: null, simulator: false });
      expect(html).toContain('Official WhatsApp Business (recommended)');
      expect(html).toContain('Change plan');
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
  });
});
