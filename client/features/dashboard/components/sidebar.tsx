import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo';
import { SidebarFooter } from '@/features/dashboard/components/sidebar-footer';
import { SidebarNav, type SidebarNavProps } from '@/features/dashboard/components/sidebar-nav';

/** The sidebar body, shared by the fixed desktop column and the mobile sheet. */
export function SidebarContent(props: SidebarNavProps) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col bg-brand-navy text-white">
      <div className="flex h-16 items-center gap-2 border-b border-white/10 px-4">
        <LogoMark />
        <span className="text-lg font-bold tracking-tight">{t('common.brand')}</span>
      </div>
      <SidebarNav {...props} />
      <SidebarFooter />
    </div>
  );
}

export function Sidebar(props: SidebarNavProps) {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 md:block">
      <SidebarContent {...props} />
    </aside>
  );
}
