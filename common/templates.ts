import { TEMPLATE_AGENT_DEFAULTS } from './agent-options';
import { hasPlaceholder, stripPlaceholderLines } from './placeholders';
import { fillHoursLines, type TemplateHoursLines, type TemplateWeek } from './template-hours';
import type { CreateAgentInput } from './schemas/agent';
import { aestheticsClinicTemplate } from './templates/aesthetics-clinic';
import { autoRepairTemplate } from './templates/auto-repair';
import { bakeryTemplate } from './templates/bakery';
import { beautySalonTemplate } from './templates/beauty-salon';
import { clothingStoreTemplate } from './templates/clothing-store';
import { customerServiceTemplate } from './templates/customer-service';
import { dentalClinicTemplate } from './templates/dental-clinic';
import { educationalAssistantTemplate } from './templates/educational-assistant';
import { gymTemplate } from './templates/gym';
import { legalConsultingTemplate } from './templates/legal-consulting';
import { medicalSchedulingTemplate } from './templates/medical-scheduling';
import { petShopTemplate } from './templates/pet-shop';
import { realEstateTemplate } from './templates/real-estate';
import { restaurantTemplate } from './templates/restaurant';
import { salesAssistantTemplate } from './templates/sales-assistant';
import { technicalSupportTemplate } from './templates/technical-support';

/**
 * The built-in agent templates (not stored). Their texts are what the agent says to a business's
 * customers, so each template carries them in pt-BR and in English (the English interface shows
 * the English ones); the category is an id whose label is in the `agents` catalogue.
 */
export const TEMPLATE_CATEGORIES = [
  'food',
  'beauty',
  'fitness',
  'real-estate',
  'retail',
  'automotive',
  'service',
  'technology',
  'health',
  'pets',
  'legal',
  'sales',
  'education',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** lucide-react icon names; the client maps each to its component. */
export const TEMPLATE_ICONS = [
  'Croissant',
  'UtensilsCrossed',
  'Scissors',
  'Sparkles',
  'Dumbbell',
  'House',
  'Shirt',
  'Car',
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

export const TEMPLATE_LANGUAGES = ['pt-BR', 'en'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

/** A template's texts in one language. */
export interface TemplateTexts {
  name: string;
  description: string;
  tags: readonly string[];
  systemPrompt: string;
  /** A starting knowledge base; the [bracketed] parts are for the owner to fill in. */
  knowledgeBase: string;
}

/**
 * What the template form asks the owner, in this order; each label is in the `agents`
 * catalogue (`templates.fields.<id>`). The week's hours are asked apart (`hours` of a template,
 * common/template-hours.ts), day by day, not as one line of text.
 */
export const TEMPLATE_FIELD_IDS = ['businessName', 'address', 'phone', 'pixKey'] as const;
export type TemplateFieldId = (typeof TEMPLATE_FIELD_IDS)[number];

/** The longest answer the form takes for one field. */
export const TEMPLATE_FIELD_MAX = 200;

/** A field a template needs: the placeholders (without brackets) its answer replaces. */
export interface TemplateField {
  id: TemplateFieldId;
  placeholders: Record<TemplateLanguage, readonly string[]>;
}

export type TemplateFieldValues = Partial<Record<TemplateFieldId, string>>;

/** A template as written: its texts in every language and the fields they need. */
export interface TemplateDefinition {
  id: string;
  category: TemplateCategory;
  icon: TemplateIcon;
  fields: readonly TemplateField[];
  /** its knowledge's opening-hours lines: the form then asks the week's hours */
  hours?: TemplateHoursLines;
  texts: Record<TemplateLanguage, TemplateTexts>;
}

/** A template in one language, as the gallery shows it and an agent is made from it. */
export interface AgentTemplate extends TemplateTexts {
  id: string;
  category: TemplateCategory;
  icon: TemplateIcon;
  fields: readonly TemplateField[];
  hours?: TemplateHoursLines;
  language: TemplateLanguage;
}

/** Small businesses first: the typical customer is a bakery, a salon, a workshop. */
export const TEMPLATE_DEFINITIONS: readonly TemplateDefinition[] = [
  bakeryTemplate,
  restaurantTemplate,
  beautySalonTemplate,
  aestheticsClinicTemplate,
  gymTemplate,
  realEstateTemplate,
  clothingStoreTemplate,
  autoRepairTemplate,
  customerServiceTemplate,
  technicalSupportTemplate,
  medicalSchedulingTemplate,
  petShopTemplate,
  legalConsultingTemplate,
  dentalClinicTemplate,
  salesAssistantTemplate,
  educationalAssistantTemplate,
];

/** The interface language's template texts: English for 'en…', pt-BR otherwise. */
export function templateLanguage(interfaceLanguage: string): TemplateLanguage {
  return interfaceLanguage.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

export function agentTemplates(interfaceLanguage: string): AgentTemplate[] {
  const language = templateLanguage(interfaceLanguage);
  return TEMPLATE_DEFINITIONS.map(({ texts, ...template }) => ({
    ...template,
    ...texts[language],
    language,
  }));
}

/** The categories in the order their first template appears (each has its chip). */
export function templateCategories(templates: readonly AgentTemplate[]): TemplateCategory[] {
  return [...new Set(templates.map((t) => t.category))];
}

/**
 * The agent a template makes: its texts plus TEMPLATE_AGENT_DEFAULTS. The agent answers
 * customers in Portuguese; an English template's agent answers in English, like its prompt.
 */
export function templateAgentInput(template: AgentTemplate): CreateAgentInput {
  return {
    name: template.name,
    description: template.description,
    systemPrompt: template.systemPrompt,
    knowledgeBase: template.knowledgeBase,
    ...TEMPLATE_AGENT_DEFAULTS,
    language: template.language === 'en' ? 'en' : TEMPLATE_AGENT_DEFAULTS.language,
  };
}

/**
 * A template with the owner's answers in place: each answered field replaces its placeholders in
 * the prompt and the knowledge, the week's hours its hours lines; then whatever still needs a placeholder (a field left empty, a
 * price the form does not ask) goes — its line, or its sentence in prose — so no bracket is left
 * for a customer to read. The owner adds the rest in the editor.
 */
export function fillTemplate(
  template: AgentTemplate,
  values: TemplateFieldValues,
  week: TemplateWeek = {},
): AgentTemplate {
  const fill = (text: string) => {
    let out = text;
    for (const field of template.fields) {
      const value = values[field.id]?.trim().replace(/\s+/g, ' ');
      if (!value) continue;
      for (const placeholder of field.placeholders[template.language]) {
        out = out.split(`[${placeholder}]`).join(value);
      }
    }
    return stripPlaceholderLines(out);
  };
  return {
    ...template,
    systemPrompt: fill(template.systemPrompt),
    knowledgeBase: fill(
      template.hours
        ? fillHoursLines(template.knowledgeBase, template.hours, week, template.language)
        : template.knowledgeBase,
    ),
  };
}

const normalLine = (line: string) => line.trim().replace(/\s+/g, ' ');

/** Every line a template writes, in every language: template text, not the owner's. */
const TEMPLATE_LINES = new Set(
  TEMPLATE_DEFINITIONS.flatMap((definition) =>
    TEMPLATE_LANGUAGES.flatMap((language) => {
      const { systemPrompt, knowledgeBase } = definition.texts[language];
      return `${systemPrompt}\n${knowledgeBase}`.split('\n').map(normalLine);
    }),
  ),
);

/**
 * Whether a knowledge text holds something of the owner's own: a line that is neither a
 * template's (its headings, its examples) nor in need of a placeholder. A template's text alone,
 * filled in or not, is not the business's knowledge; the business name the owner typed in the
 * template form is.
 */
export function hasOwnKnowledge(text: string | null | undefined): boolean {
  if (!text?.trim()) return false;
  return stripPlaceholderLines(text)
    .split('\n')
    .map(normalLine)
    .some((line) => line !== '' && !hasPlaceholder(line) && !TEMPLATE_LINES.has(line));
}
