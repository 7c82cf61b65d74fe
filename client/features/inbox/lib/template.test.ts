import type { InboxTemplateOption } from '@common/schemas/inbox';
import { describe, expect, it } from 'vitest';
import { templateParamProblems, templateParams, templatePreview } from './template';

const notice: InboxTemplateOption = {
  id: 7,
  name: 'aviso_atendimento',
  language: 'pt_BR',
  category: 'UTILITY',
  body: 'Olá! {{1}} tem uma mensagem para você:\n\n{{2}}',
  variables: 2,
  examples: ['Padaria Pão Quente', 'Seu pedido está pronto.'],
};

describe('inbox template', () => {
  it('fills the preview with what was typed, and the examples where nothing was yet', () => {
    expect(templatePreview(notice, [])).toBe(
      'Olá! Padaria Pão Quente tem uma mensagem para você:\n\nSeu pedido está pronto.',
    );
    expect(templatePreview(notice, ['  Doceria Bela ', '   '])).toBe(
      'Olá! Doceria Bela tem uma mensagem para você:\n\nSeu pedido está pronto.',
    );
    expect(templatePreview({ ...notice, examples: [] }, ['Doceria'])).toBe(
      'Olá! Doceria tem uma mensagem para você:\n\n',
    );
  });

  it('asks for every variable, each at most 500 characters', () => {
    expect(templateParamProblems(notice, [])).toEqual(['required', 'required']);
    expect(templateParamProblems(notice, ['Doceria', 'x'.repeat(501)])).toEqual([null, 'tooLong']);
    expect(templateParamProblems(notice, [' Doceria ', 'x'.repeat(500)])).toEqual([null, null]);
    expect(templateParamProblems({ ...notice, body: 'Oi!', variables: 0 }, ['extra'])).toEqual([]);
  });

  it('sends one trimmed value per variable, in order', () => {
    expect(templateParams(notice, [' Doceria ', 'Pronto.', 'extra'])).toEqual([
      'Doceria',
      'Pronto.',
    ]);
    expect(templateParams(notice, ['Doceria'])).toEqual(['Doceria', '']);
  });
});
