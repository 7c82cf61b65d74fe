import { describe, expect, it } from 'vitest';
import {
  bodyParts,
  examplesFor,
  insertAt,
  nextVariable,
  readTemplateForm,
  technicalName,
} from '@/features/whatsapp/lib/template-form';

describe('the template form', () => {
  it('derives Meta’s technical name from the title', () => {
    expect(technicalName('Lembrete de Consulta')).toBe('lembrete_de_consulta');
    expect(technicalName('  Promoção  de verão! 2025 ')).toBe('promocao_de_verao_2025');
    expect(technicalName('Ação—já')).toBe('acao_ja');
    expect(technicalName('')).toBe('');
  });

  it('inserts the next variable where the caret is', () => {
    expect(nextVariable('Olá')).toBe('{{1}}');
    expect(nextVariable('Olá {{1}}, às {{2}}')).toBe('{{3}}');
    expect(insertAt('Olá !', 4, 4, '{{1}}')).toEqual({ body: 'Olá {{1}}!', caret: 9 });
    expect(insertAt('Olá nome!', 4, 8, '{{1}}')).toEqual({ body: 'Olá {{1}}!', caret: 9 });
  });

  it('keeps one example per variable', () => {
    expect(examplesFor('Olá {{1}}, às {{2}}', ['Marta'])).toEqual(['Marta', '']);
    expect(examplesFor('Olá {{1}}', ['Marta', '14h'])).toEqual(['Marta']);
    expect(examplesFor('Olá', ['Marta'])).toEqual([]);
  });

  it('cuts the body into text and variables', () => {
    expect(bodyParts('Olá {{1}}!')).toEqual([
      { text: 'Olá ', variable: false },
      { text: '{{1}}', variable: true },
      { text: '!', variable: false },
    ]);
  });

  it('checks the values with the shared schema', () => {
    const ok = readTemplateForm({
      title: 'Lembrete de consulta',
      category: 'UTILITY',
      body: 'Olá {{1}}, até amanhã às {{2}}.',
      examples: ['Marta', '14h'],
    });
    expect(ok).toEqual({
      ok: true,
      body: {
        name: 'lembrete_de_consulta',
        language: 'pt_BR',
        category: 'UTILITY',
        body: 'Olá {{1}}, até amanhã às {{2}}.',
        examples: ['Marta', '14h'],
      },
    });
    const bad = readTemplateForm({
      title: '!!!',
      category: 'MARKETING',
      body: 'Olá {{1}}',
      examples: [''],
    });
    expect(bad).toEqual({
      ok: false,
      errors: {
        name: 'whatsapp.template.nameRequired',
        'examples.0': 'whatsapp.template.exampleRequired',
      },
    });
    const skipped = readTemplateForm({
      title: 'Aviso',
      category: 'UTILITY',
      body: 'Olá {{2}}',
      examples: ['Marta'],
    });
    expect(skipped).toEqual({ ok: false, errors: { body: 'whatsapp.template.variablesOrder' } });
  });
});
