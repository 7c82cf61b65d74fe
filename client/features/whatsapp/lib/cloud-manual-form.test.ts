import { describe, expect, it } from 'vitest';
import { readManualForm } from '@/features/whatsapp/lib/cloud-manual-form';
import enErrors from '@/locales/en/errors.json';
import ptErrors from '@/locales/pt-BR/errors.json';

const TOKEN = 'EAAG' + 'x'.repeat(40);

/** The field messages as the form shows them: the `errors` catalogue's texts. */
function messages(values: { wabaId: string; phoneNumberId: string; accessToken: string }) {
  const result = readManualForm(values);
  if (result.ok) return {};
  const text = (key: string | undefined) => {
    const name = key?.replace('whatsapp.cloud.', '') as keyof typeof ptErrors.whatsapp.cloud;
    return key ? ptErrors.whatsapp.cloud[name] : undefined;
  };
  return {
    wabaId: text(result.errors.wabaId),
    phoneNumberId: text(result.errors.phoneNumberId),
    accessToken: text(result.errors.accessToken),
  };
}

describe('the manual form of the official number', () => {
  it('asks for every field left empty, not "too short"', () => {
    expect(messages({ wabaId: '', phoneNumberId: '  ', accessToken: '' })).toEqual({
      wabaId: 'Informe o ID da conta do WhatsApp Business (WABA).',
      phoneNumberId: 'Informe o ID do número de telefone.',
      accessToken: 'Informe o token de acesso.',
    });
  });

  it('says an id holds only digits and a token must be whole and plain', () => {
    expect(messages({ wabaId: '12a4', phoneNumberId: '5678', accessToken: 'curto' })).toEqual({
      wabaId: 'Use só os números do ID, como aparecem no gerenciador da Meta.',
      phoneNumberId: undefined,
      accessToken: 'Este token é curto demais: copie o token inteiro.',
    });
    expect(
      messages({ wabaId: '1234', phoneNumberId: '5678', accessToken: `${TOKEN} ${TOKEN}` })
        .accessToken,
    ).toBe(ptErrors.whatsapp.cloud.tokenChars);
  });

  it('sends the trimmed ids and the token once every field is right', () => {
    expect(readManualForm({ wabaId: ' 1234 ', phoneNumberId: '5678', accessToken: TOKEN })).toEqual(
      { ok: true, body: { wabaId: '1234', phoneNumberId: '5678', accessToken: TOKEN } },
    );
  });

  it('uses only message keys both catalogues hold', () => {
    const result = readManualForm({ wabaId: 'x', phoneNumberId: '', accessToken: 'y' });
    expect(result.ok).toBe(false);
    const keys = result.ok ? [] : Object.values(result.errors);
    expect(keys.length).toBe(3);
    for (const key of keys) {
      const name = key.replace('whatsapp.cloud.', '');
      expect(Object.keys(ptErrors.whatsapp.cloud)).toContain(name);
      expect(Object.keys(enErrors.whatsapp.cloud)).toContain(name);
    }
  });
});
