import {
  ChartColumn,
  Bot,
  Contact,
  CalendarDays,
  FlaskConical,
  LayoutDashboard,
  LayoutTemplate,
  MessageCircle,
  MessagesSquare,
  Plug,
  Settings,
  Smartphone,
  type LucideIcon,
} from 'lucide-react';

/** The eleven dashboard sections, switched by state rather than by route. */
export const SECTION_IDS = [
  'dashboard',
  'agents',
  'whatsapp',
  'conversations',
  'contacts',
  'appointments',
  'analytics',
  'whatsapp-test',
  'templates',
  'evolution',
  'testing',
  'settings',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Sections with their own header; Templates has none and shows the Dashboard header. */
export type HeaderSectionId = Exclude<SectionId, 'templates'>;

export function headerSectionOf(id: SectionId): HeaderSectionId {
  return id === 'templates' ? 'dashboard' : id;
}

export const SECTION_ICONS: Record<SectionId, LucideIcon> = {
  dashboard: LayoutDashboard,
  agents: Bot,
  whatsapp: MessageCircle,
  conversations: MessagesSquare,
  contacts: Contact,
  appointments: CalendarDays,
  analytics: ChartColumn,
  'whatsapp-test': Smartphone,
  templates: LayoutTemplate,
  evolution: Plug,
  testing: FlaskConical,
  settings: Settings,
};
