import { CircleCheck, MessageCircle, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

export function HeroSection() {
  const { t } = useTranslation();
  const highlights = t('landing.hero.highlights', { returnObjects: true });
  return (
    <section aria-labelledby="hero-title" className="bg-brand-navy text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center sm:px-6 lg:py-28">
        <Badge variant="brand" size="lead" className="mb-6 max-sm:text-xs">
          <Sparkles aria-hidden="true" className="size-4" />
          {t('landing.hero.badge')}
        </Badge>
        <h1
          id="hero-title"
          className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {t('landing.hero.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-white/80 sm:text-xl">
          {t('landing.hero.subtitle')}
        </p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild variant="brand" size="lg">
            <Link href="/plans">{t('landing.hero.primary')}</Link>
          </Button>
          <Button asChild variant="outlineOnDark" size="lg">
            <a href="#como-funciona">
              <MessageCircle aria-hidden="true" />
              {t('landing.hero.secondary')}
            </a>
          </Button>
        </div>
        <ul className="mt-10 flex flex-col gap-3 text-sm text-white/80 sm:flex-row sm:gap-6">
          {highlights.map((item) => (
            <li key={item} className="flex items-center justify-center gap-2">
              <CircleCheck aria-hidden="true" className="size-4 text-brand-lime" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
