import {
  createWhatsappTemplateSchema,
  templateVariables,
  type CreateWhatsappTemplateInput,
} from '@common/schemas/whatsapp';

/** The form's fields, as the server names them in its field errors. */
export const TEMPLATE_FIELDS = ['name', 'category', 'body', 'examples'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

export interface TemplateFormValues {
  /** the friendly title the technical name is derived from */
  title: string;
  category: 'UTILITY' | 'MARKETING';
  body: string;
  examples: string[];
}

export const EMPTY_TEMPLATE_VALUES: TemplateFormValues = {
  title: '',
  category: 'UTILITY',
  body: '',
  examples: [],
};

/** Meta's name of a template: lower case, no accents, words joined by _ ("Lembrete de consulta"). */
export function technicalName(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 512);
}

/** The numbers of the body's variables ({{1}}, {{2}}…), in order, each once. */
export function variableNumbers(body: string): number[] {
  const found = new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])));
  return [...found].sort((a, b) => a - b);
}

/** The variable "Inserir variável" adds: the one after the highest the body has. */
export function nextVariable(body: string): string {
  const numbers = variableNumbers(body);
  return `{{${(numbers.at(-1) ?? 0) + 1}}}`;
}

/** The body with `token` in place of the selection [start, end), and where the caret goes. */
export function insertAt(
  body: string,
  start: number,
  end: number,
  token: string,
): { body: string; caret: number } {
  return { body: body.slice(0, start) + token + body.slice(end), caret: start + token.length };
}

/** One example per variable: kept as typed for the variables still there, empty for new ones. */
export function examplesFor(body: string, examples: string[]): string[] {
  const count = Math.max(variableNumbers(body).length, 0);
  return Array.from({ length: count }, (_, index) => examples[index] ?? '');
}

/** The body cut into text and variables, for showing the variables as chips. */
export function bodyParts(body: string): { text: string; variable: boolean }[] {
  return body
    .split(/(\{\{\s*\d+\s*\}\})/g)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, variable: /^\{\{\s*\d+\s*\}\}$/.test(part) }));
}

export type TemplateFormErrors = Partial<Record<TemplateField | `examples.${number}`, string>>;

export type TemplateFormResult =
  { ok: true; body: CreateWhatsappTemplateInput } | { ok: false; errors: TemplateFormErrors };

/** The values as the request's body, checked by the shared schema (messages are `errors` keys). */
export function readTemplateForm(values: TemplateFormValues): TemplateFormResult {
  const input = {
    name: technicalName(values.title),
    language: 'pt_BR' as const,
    category: values.category,
    body: values.body,
    examples: values.examples.slice(0, Math.max(templateVariables(values.body), 0)),
  };
  const parsed = createWhatsappTemplateSchema.safeParse(input);
  if (parsed.success) return { ok: true, body: input };
  const errors: TemplateFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const key =
      field === 'examples' && typeof index === 'number'
        ? (`examples.${index}` as const)
        : (field as TemplateField);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
