import { describe, expect, it } from 'vitest';
import { mentionedService, statedName } from './offline-contact';

describe('statedName', () => {
  it.each([
    ['Oi, meu nome é Ana Souza e queria marcar um corte', 'Ana Souza'],
    ['me chamo joão pedro, tudo bem?', 'João Pedro'],
    ['Boa tarde! Aqui é a Márcia.', 'Márcia'],
    ['sou o Carlos da Silva, cliente antigo', 'Carlos da Silva'],
    ['Pode me chamar de Bia', 'Bia'],
    ['Hi, my name is Ann Lee', 'Ann Lee'],
    ['meu nome é Ana Maria de Souza Lima Costa', 'Ana Maria de Souza Lima'],
  ])('%s → %s', (message, name) => {
    expect(statedName(message)).toBe(name);
  });

  it.each([
    'sou a favor de marcar amanhã',
    'aqui é o endereço certo?',
    'Quero marcar um corte amanhã',
    'meu nome é 12345',
    'sou o dono da loja',
    '',
  ])('finds no name in %j', (message) => {
    expect(statedName(message)).toBeNull();
  });
});

describe('mentionedService', () => {
  const services = ['Corte de cabelo', 'Escova', 'Manicure e pedicure'];

  it('finds a service named in the message, accents and case aside', () => {
    expect(mentionedService('Queria um CORTE DE CABELO amanhã', services)).toBe('Corte de cabelo');
    expect(mentionedService('tem horário pra escova?', services)).toBe('Escova');
  });

  it('needs the whole name, word for word', () => {
    expect(mentionedService('quero cortar o cabelo', services)).toBeNull();
    expect(mentionedService('escovas de dente', services)).toBeNull();
    expect(mentionedService('qualquer coisa', [])).toBeNull();
  });
});
