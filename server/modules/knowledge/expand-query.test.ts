import { describe, expect, it } from 'vitest';
import { plainQuestion } from '../../lib/customer-vocabulary';
import { expandQuery } from './expand-query';

describe('expandQuery: a customer question as full-text retrieval reads it', () => {
  it('reads the address question as the words of an address line', () => {
    const address = expandQuery('qual o endereço?');
    expect(address.intents).toEqual(['address']);
    expect(address.own).toBe('o endereco');
    expect(address.added.split(' ')).toEqual(expect.arrayContaining(['rua', 'avenida', 'bairro']));
    // "onde?" has no word of its own left: the intent's words are the whole query; "fica" stays
    // (prose says "a loja fica na Rua…").
    expect(expandQuery('onde?')).toMatchObject({ own: '', intents: ['address'] });
    expect(expandQuery('onde fica?').own).toBe('fica');
  });

  it('drops the question and filler words and keeps what is asked about', () => {
    expect(expandQuery('tem coxinha hoje?')).toEqual({ own: 'coxinha', added: '', intents: [] });
    const price = expandQuery('qto ta o bolo de cenoura');
    expect(price.intents).toEqual(['price']);
    expect(price.own).toBe('o bolo de cenoura');
    // "aceita" stays for retrieval: prose says "Aceitamos Pix".
    expect(expandQuery('aceita pix?').own).toBe('aceita pix');
    expect(price.added).toContain('preço');
  });

  it('recognises hours, delivery and payment written as customers write them', () => {
    expect(expandQuery('vcs abrem domingo?').intents).toEqual(['hours']);
    expect(expandQuery('vcs abrem domingo?').own).toBe('abrem domingo');
    expect(expandQuery('que horas fecha').intents).toEqual(['hours']);
    expect(expandQuery('faz entrga?').intents).toEqual(['delivery']);
    expect(expandQuery('aceita pics ou cartao?').intents).toEqual(['payment']);
    expect(expandQuery('aceita pics ou cartao?').added).toContain('crédito');
  });

  it('keeps a question word when no intent is read from it', () => {
    expect(expandQuery('o meu carro fica na oficina?').own).toBe('o meu carro fica na oficina');
  });

  it('searches as written what the vocabulary leaves without a word', () => {
    expect(expandQuery('tem?')).toEqual({ own: 'tem?', added: '', intents: [] });
  });

  it('writes WhatsApp spellings out, without accents', () => {
    expect(plainQuestion('Vc abre hj? Qto é o pão?')).toBe('voce abre hoje quanto e o pao');
  });
});
