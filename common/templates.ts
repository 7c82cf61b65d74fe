import { customerServiceTemplate } from './templates/customer-service';
import { dentalClinicTemplate } from './templates/dental-clinic';
import { educationalAssistantTemplate } from './templates/educational-assistant';
import { legalConsultingTemplate } from './templates/legal-consulting';
import { medicalSchedulingTemplate } from './templates/medical-scheduling';
import { petShopTemplate } from './templates/pet-shop';
import { salesAssistantTemplate } from './templates/sales-assistant';
import { technicalSupportTemplate } from './templates/technical-support';

/**
 * The eight built-in agent templates (not stored). Their texts are what the agent says to
 * a Brazilian business's customers, so they are pt-BR content, not interface copy.
 */
export const TEMPLATE_CATEGORIES = [
  'Atendimento',
  'Tecnologia',
  'Saúde',
  'Animais',
  'Jurídico',
  'Vendas',
  'Educação',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** lucide-react icon names; the client maps each to its component. */
export const TEMPLATE_ICONS = [
  'Headset',
  'Wrench',
  'Stethoscope',
  'PawPrint',
  'Scale',
  'Smile',
  'ShoppingBag',
  'GraduationCap',
] as const;
export type TemplateIcon = (typeof TEMPLATE_ICONS)[number];

export interface AgentTemplate {
  id: string;
  name: string;
  category: TemplateCategory;
  description: string;
  icon: TemplateIcon;
  tags: readonly string[];
  systemPrompt: string;
  /** A starting knowledge base; the [bracketed] parts are for the owner to fill in. */
  knowledgeBase: string;
}

export const AGENT_TEMPLATES: readonly AgentTemplate[] = [
  customerServiceTemplate,
  technicalSupportTemplate,
  medicalSchedulingTemplate,
  petShopTemplate,
  legalConsultingTemplate,
  dentalClinicTemplate,
  salesAssistantTemplate,
  educationalAssistantTemplate,
];

/** The categories in the order their first template appears (the quick chips take the first 4). */
export function templateCategories(templates: readonly AgentTemplate[]): TemplateCategory[] {
  return [...new Set(templates.map((t) => t.category))];
}
