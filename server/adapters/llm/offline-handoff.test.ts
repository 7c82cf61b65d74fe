import { describe, expect, it } from 'vitest';
import { asksForPerson } from './offline-handoff';

describe('asksForPerson (offline handoff phrases)', () => {
  it.each([
    'quero falar com um atendente',
    'Quero falar com uma pessoa',
    'QUERO FALAR COM UMA PESSOA!!!',
    'atendente humano, por favor',
    'Tem atendimento humano?',
    'posso falar com alguém?',
    'Posso falar com alguem',
    'quero falar com o gerente',
    'chama o gerente',
    'me passa pra um atendente',
    'preciso de um atendente',
    'Gerente!',
    'atendente',
    'oi, bom dia. quero falar com um humano',
    'Não consigo resolver, quero falar com uma pessoa de verdade',
    'não. quero falar com um atendente',
    'gostaria de conversar com um funcionário',
    'I want to talk to a human',
    'Can I speak with someone?',
    'speak to a real person please',
    'get me a manager',
    'human agent',
    'quiero hablar con una persona',
  ])('hands over on %j', (message) => {
    expect(asksForPerson(message)).toBe(true);
  });

  it.each([
    'não quero falar com um atendente, só saber o preço',
    'Nao preciso de atendente, obrigado',
    'sem falar com atendente, qual o horário?',
    "I don't want to talk to a human",
    'no need to speak with someone',
    'quero falar com você sobre o preço do bolo',
    'o atendente de ontem foi ótimo',
    'preciso de uma pessoa para entregar o bolo amanhã?',
    'quanto custa o pão de queijo?',
    'Vocês abrem aos domingos?',
    'meu gerente pediu um orçamento de 50 salgados',
    'humanidade',
    '',
  ])('does not hand over on %j', (message) => {
    expect(asksForPerson(message)).toBe(false);
  });
});
