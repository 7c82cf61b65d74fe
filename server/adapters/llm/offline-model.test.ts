import { describe, expect, it } from 'vitest';
import { offlineAnswer, offlineSources } from './offline-model';

/** A bakery's knowledge as owners write it: a prose paragraph and a markdown list. */
const BAKERY = [
  `Padaria Pão Quente. Abrimos de segunda a sábado, das 7h às 19h, e aos domingos das 7h às 12h. Ficamos na Rua das Flores, 123, no Centro de Campinas, em frente à praça.`,
  `# Bolos e encomendas
- Bolo de cenoura com cobertura de chocolate: R$ 45,00 (inteiro, serve 12 pessoas)
- Bolo de fubá: R$ 30,00
- Bolo de aniversário decorado: a partir de R$ 120,00 o quilo, com 3 dias de antecedência
- Pão francês: R$ 16,90 o quilo`,
  `# Entrega
Fazemos entregas no Centro e no Cambuí com taxa de R$ 7,00. Pedidos acima de R$ 80,00 têm entrega grátis.

# Formas de pagamento
Aceitamos Pix, cartão de débito e de crédito e dinheiro. A chave Pix é o nosso CNPJ.`,
];

/** A salon's knowledge written as a list of "label: value" lines. */
const SALON = [
  `# Horário
- Terça a sexta: 9h às 20h
- Sábado: 8h às 18h
# Serviços
- Corte feminino: R$ 80,00
- Corte masculino: R$ 45,00
- Escova: a partir de R$ 50,00
- Manicure e pedicure: R$ 55,00
# Contato
- WhatsApp: (11) 98765-4321`,
];

const bakery = (message: string) =>
  offlineAnswer(message, {
    agentName: 'Padaria Pão Quente',
    language: 'pt',
    passages: BAKERY.map((content) => ({ content })),
  });
const salon = (message: string) =>
  offlineAnswer(message, {
    agentName: 'Studio Bela',
    language: 'pt',
    passages: SALON.map((content) => ({ content })),
  });

const UNKNOWN = /^Não tenho essa informação por aqui\. .*pessoa da equipe/;

describe('offlineAnswer: answers like a person from the knowledge', () => {
  it('gives the opening hours for "horário" and for "que horas abrem"', () => {
    const expected = 'Abrimos de segunda a sábado, das 7h às 19h, e aos domingos das 7h às 12h.';
    expect(bakery('Qual o horário de vocês?')).toBe(expected);
    expect(bakery('que horas vcs abrem??')).toBe(expected);
    expect(bakery('Vocês abrem no domingo?')).toBe(expected);
  });

  it('gives the price of the cake asked for, not the whole price list', () => {
    expect(bakery('Quanto custa o bolo de cenoura?')).toBe(
      'Bolo de cenoura com cobertura de chocolate: R$ 45,00 (inteiro, serve 12 pessoas).',
    );
    expect(bakery('qual o preço do bolo de fuba')).toBe('Bolo de fubá: R$ 30,00.');
  });

  it('answers about delivery, Pix and the address in one paragraph', () => {
    const delivery = bakery('Vocês fazem entrega?');
    expect(delivery).toBe(
      'Fazemos entregas no Centro e no Cambuí com taxa de R$ 7,00. Pedidos acima de R$ 80,00 têm entrega grátis.',
    );
    // "aceitam" is how the customer asks, not what is asked: both Pix sentences answer.
    expect(bakery('Aceitam pix?')).toBe(
      'Aceitamos Pix, cartão de débito e de crédito e dinheiro. A chave Pix é o nosso CNPJ.',
    );
    expect(bakery('Onde fica a padaria?')).toBe(
      'Ficamos na Rua das Flores, 123, no Centro de Campinas, em frente à praça.',
    );
    for (const question of ['Vocês fazem entrega?', 'Aceitam pix?', 'Qual o endereço?']) {
      expect(bakery(question)).not.toContain('\n');
    }
  });

  it('says honestly when the knowledge does not have it, and offers a person', () => {
    expect(bakery('Vocês têm estacionamento?')).toMatch(UNKNOWN);
    expect(bakery('Fazem bolo vegano sem glúten?')).toMatch(UNKNOWN);
    expect(
      offlineAnswer('Qual o horário?', { agentName: 'X', language: 'pt', passages: [] }),
    ).toMatch(UNKNOWN);
  });

  it('reads a list of "label: value" lines under headings', () => {
    expect(salon('Que dia vocês abrem?')).toBe('Terça a sexta: 9h às 20h. Sábado: 8h às 18h.');
    expect(salon('Quanto é o corte masculino?')).toBe('Corte masculino: R$ 45,00.');
    expect(salon('Qual o whatsapp de vocês?')).toBe('WhatsApp: (11) 98765-4321.');
    expect(salon('Vocês fazem luzes?')).toMatch(UNKNOWN);
  });

  it('greets, thanks and says goodbye in the agent’s language', () => {
    expect(bakery('Oi!')).toBe('Olá! Eu sou Padaria Pão Quente. Como posso ajudar você hoje?');
    expect(bakery('oi, tudo bem?')).toBe('Tudo ótimo por aqui, obrigado! Em que posso ajudar?');
    expect(bakery('Obrigada!')).toBe('Por nada! Se precisar de mais alguma coisa, é só chamar.');
    expect(bakery('tchau')).toBe('Até logo! Quando precisar, é só chamar.');
    const english = (message: string) =>
      offlineAnswer(message, {
        agentName: 'Sunny Café',
        language: 'en',
        passages: [
          { content: 'We open Monday to Friday from 8am to 6pm. We accept cards and cash.' },
        ],
      });
    expect(english('Hello')).toBe("Hello! I'm Sunny Café. How can I help you today?");
    expect(english('Do you accept cards?')).toBe('We accept cards and cash.');
    expect(english('Do you have parking?')).toMatch(/^I don't have that information/);
  });

  it('keeps to the passage of its best sentence: the shop’s hours, not the delivery hours', () => {
    const answer = offlineAnswer('Que horas vocês abrem no sábado?', {
      agentName: 'Padaria',
      language: 'pt',
      passages: [
        { content: 'Aos sábados abrimos das 6h às 18h. Aos domingos, das 7h às 13h.' },
        { content: 'As entregas saem das 9h às 18h, de terça a sábado.' },
      ],
    });
    expect(answer).toBe('Aos sábados abrimos das 6h às 18h.');
  });

  it('is deterministic and never mentions settings or providers to a customer', () => {
    const questions = ['Qual o horário?', 'Aceitam pix?', 'Vocês têm estacionamento?'];
    for (const question of questions) {
      expect(bakery(question)).toBe(bakery(question));
      expect(bakery(question)).not.toMatch(/configura|provedor|offline/i);
    }
  });
});

describe('offlineSources: only the passages the answer quotes are its sources', () => {
  const options = {
    agentName: 'Padaria Pão Quente',
    language: 'pt',
    passages: BAKERY.map((content) => ({ content })),
  };

  it('names the passage a price comes from, and no other', () => {
    expect(bakery('Quanto custa o bolo de cenoura?')).toContain('R$ 45,00');
    expect(offlineSources('Quanto custa o bolo de cenoura?', options)).toEqual([1]);
  });

  it('names none for "I don\'t have that information" and for a courtesy', () => {
    expect(bakery('Vocês vendem sorvete de pistache?')).toMatch(UNKNOWN);
    expect(offlineSources('Vocês vendem sorvete de pistache?', options)).toEqual([]);
    expect(offlineSources('Bom dia!', options)).toEqual([]);
    expect(offlineSources('Obrigado!', options)).toEqual([]);
  });
});

describe('offlineAnswer: says the line, as a person would', () => {
  const answer = (message: string, passages: string[]) =>
    offlineAnswer(message, {
      agentName: 'Padaria',
      language: 'pt',
      passages: passages.map((content) => ({ content })),
    });
  /** A PDF menu as the chunks hold it: one line per item, the address on the first. */
  const MENU = [
    'Padaria São Jorge — Rua Barão de Jaguara, 1450, Centro, Campinas\nSALGADOS\n' +
      'Coxinha de frango: R$ 7,50\nEsfiha de carne: R$ 6,00\nPÃES\nPão francês: R$ 18,90 o quilo',
  ];

  it('answers the address and "tem X hoje?" with the line that holds it', () => {
    expect(answer('qual o endereço?', MENU)).toBe(
      'Padaria São Jorge — Rua Barão de Jaguara, 1450, Centro, Campinas.',
    );
    expect(answer('tem coxinha hoje?', MENU)).toBe('Coxinha de frango: R$ 7,50.');
    expect(answer('qto ta o pao frances', MENU)).toBe('Pão francês: R$ 18,90 o quilo.');
  });

  it('does not take an abbreviation’s period for the end of the line', () => {
    expect(answer('onde vcs ficam?', ['Studio Bella\nAv. Francisco Glicério, 980 – Cambuí'])).toBe(
      'Av. Francisco Glicério, 980 – Cambuí.',
    );
  });

  it('never glues the section heading on', () => {
    const reply = answer('quais bolos vocês têm?', [
      '# Bolos\n- Cenoura com chocolate: R$ 45,00\n- Fubá: R$ 30,00',
    ]);
    expect(reply).toBe('Cenoura com chocolate: R$ 45,00. Fubá: R$ 30,00.');
    expect(reply).not.toMatch(/^Bolos/);
  });

  it('says only the answer of a taught question, in either stored form', () => {
    const taught = 'Pergunta: Vocês têm estacionamento?\nResposta: Sim, temos 10 vagas na frente.';
    expect(answer('tem estacionamento?', [taught])).toBe('Sim, temos 10 vagas na frente.');
    const oneLine = 'Pergunta: Vocês têm estacionamento? Resposta: Sim, temos 10 vagas na frente.';
    expect(answer('Vocês têm estacionamento?', [oneLine])).toBe('Sim, temos 10 vagas na frente.');
  });
});
