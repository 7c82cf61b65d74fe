import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';

export default function DashboardRoute() {
  return <DashboardShell />;
}
