import type { InboxTemplateOption } from '@common/schemas/inbox';
import { templateText } from '@common/schemas/whatsapp';

/** The server's limit of one variable's value (sendInboxTemplateSchema). */
export const TEMPLATE_PARAM_MAX = 500;

/** One value per variable of the template, in order: what was typed, or empty. */
export function templateValues(template: InboxTemplateOption, typed: readonly string[]): string[] {
  return Array.from({ length: template.variables }, (_, i) => typed[i] ?? '');
}

/**
 * The body as the customer will read it, filled live: a variable not filled yet shows its example
 * (what the owner gave when submitting it), so the preview always reads as a whole message.
 */
export function templatePreview(template: InboxTemplateOption, typed: readonly string[]): string {
  const values = templateValues(template, typed).map((value, i) =>
    value.trim() ? value.trim() : (template.examples[i] ?? ''),
  );
  return templateText(template.body, values);
}

/** What is wrong with one variable's value before sending: nothing, empty, or too long. */
export type TemplateParamProblem = 'required' | 'tooLong' | null;

/** Each variable's problem, in order (all null: the template can go). */
export function templateParamProblems(
  template: InboxTemplateOption,
  typed: readonly string[],
): TemplateParamProblem[] {
  return templateValues(template, typed).map((value) => {
    const trimmed = value.trim();
    if (!trimmed) return 'required';
    return trimmed.length > TEMPLATE_PARAM_MAX ? 'tooLong' : null;
  });
}

/** The values as they are sent: trimmed, one per variable. */
export function templateParams(template: InboxTemplateOption, typed: readonly string[]): string[] {
  return templateValues(template, typed).map((value) => value.trim());
}
