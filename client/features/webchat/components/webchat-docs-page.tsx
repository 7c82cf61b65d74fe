import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { WebchatDocsOptions } from '@/features/webchat/components/webchat-docs-options';
import { useDocumentTitle } from '@/hooks/use-document-title';

const EXAMPLE = `<script src="https://SEU-ENDERECO/widget.js?v=…" data-agent-key="Xk3_9aQ-Lm2ZpR7tVb0cYw4nHs8dJe1F" data-config='{"title":"Minha Loja","theme":{"primaryColor":"#022b44","accentColor":"#b8ec00"}}' async></script>`;
const TROUBLES = ['inactive', 'domain', 'limit', 'missing'] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold text-brand-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /docs/webchat: installing and configuring the website widget. */
export function WebchatDocsPage() {
  const { t } = useTranslation('webchat');
  useDocumentTitle(t('docs.title'));
  return (
    <div className="min-h-screen bg-muted/50">
      <PageHeader back={{ href: '/dashboard', label: t('docs.back') }} />
      <main className="mx-auto grid max-w-3xl gap-10 px-4 py-10 leading-relaxed sm:px-6">
        <header className="grid gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">{t('docs.title')}</h1>
          <p className="text-muted-foreground">{t('docs.intro')}</p>
        </header>
        <Section id="instalacao" title={t('docs.install.title')}>
          <ol className="list-decimal space-y-1 pl-6">
            <li>{t('docs.install.step1')}</li>
            <li>{t('docs.install.step2')}</li>
            <li>{t('docs.install.step3')}</li>
            <li>{t('docs.install.step4')}</li>
          </ol>
          <p>{t('docs.install.example')}</p>
          <pre className="overflow-x-auto rounded-md bg-brand-navy p-3 text-xs whitespace-pre-wrap break-all text-white">
            <code>{EXAMPLE}</code>
          </pre>
        </Section>
        <Section id="opcoes" title={t('docs.options.title')}>
          <p>{t('docs.options.intro')}</p>
          <WebchatDocsOptions />
        </Section>
        <Section id="cores" title={t('docs.theming.title')}>
          <p>{t('docs.theming.body')}</p>
        </Section>
        <Section id="dominios" title={t('docs.domains.title')}>
          <p>{t('docs.domains.body')}</p>
        </Section>
        <Section id="chave" title={t('docs.key.title')}>
          <p>{t('docs.key.body')}</p>
        </Section>
        <Section id="conversas" title={t('docs.memory.title')}>
          <p>{t('docs.memory.body')}</p>
        </Section>
        <Section id="problemas" title={t('docs.troubleshooting.title')}>
          <dl className="grid gap-4">
            {TROUBLES.map((key) => (
              <div key={key}>
                <dt className="font-semibold">{t(`docs.troubleshooting.${key}Title`)}</dt>
                <dd className="text-muted-foreground">{t(`docs.troubleshooting.${key}Body`)}</dd>
              </div>
            ))}
          </dl>
        </Section>
      </main>
    </div>
  );
}
