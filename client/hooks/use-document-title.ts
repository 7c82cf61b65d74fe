import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> · AI Agent Builder". */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const brand = t('common.brand');
  useEffect(() => {
    document.title = page ? `${page} · ${brand}` : brand;
  }, [page, brand]);
}
