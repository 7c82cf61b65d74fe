import type { TemplateCategory } from '@common/templates';

/**
 * The catalogue key of each template category. The templates themselves are pt-BR content (what
 * the agent tells a Brazilian business's customers), but their category is a filter of the
 * interface and reads in the interface's language.
 */
export const TEMPLATE_CATEGORY_KEYS = {
  Atendimento: 'customerService',
  Tecnologia: 'technology',
  Saúde: 'health',
  Animais: 'animals',
  Jurídico: 'legal',
  Vendas: 'sales',
  Educação: 'education',
} as const satisfies Record<TemplateCategory, string>;
