import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth/auth-provider';
import { useLogoutMutation } from '@/lib/auth/logout';
import { errorMessage } from '@/lib/form-errors';

/** The signed-in user's name and username, the language switch and the logout button. */
export function SidebarFooter() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const logout = useLogoutMutation();

  function onLogout() {
    logout.mutate(undefined, {
      onSuccess: () => navigate('/auth'),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('dashboard.logoutError'),
          description: errorMessage(error, t('dashboard.logoutError')),
        }),
    });
  }

  return (
    <div className="flex flex-col gap-3 border-t border-white/10 p-4">
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0" data-testid="sidebar-user">
          <p className="truncate text-sm font-semibold text-white">{user?.name}</p>
          <p className="truncate text-xs text-white/60">@{user?.username}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onLogout}
          disabled={logout.isPending}
          aria-label={logout.isPending ? t('dashboard.loggingOut') : t('dashboard.logout')}
          title={t('dashboard.logout')}
          className="text-white/80 hover:bg-white/10 hover:text-white"
        >
          <LogOut aria-hidden="true" />
        </Button>
      </div>
      <LanguageSwitch tone="light" />
    </div>
  );
}
