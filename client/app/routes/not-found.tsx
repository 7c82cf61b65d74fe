import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.pageTitle'));
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/50 p-6 text-center">
      <Logo className="mb-6" />
      <Compass aria-hidden="true" className="size-12 text-brand-navy" />
      <p className="text-5xl font-extrabold text-brand-navy">404</p>
      <h1 className="text-2xl font-bold text-brand-navy">{t('notFound.title')}</h1>
      <p className="max-w-md text-muted-foreground">{t('notFound.description')}</p>
      <Button asChild>
        <Link href="/">{t('notFound.home')}</Link>
      </Button>
    </main>
  );
}
