/**
 * How customers of Brazilian small businesses (a bakery, a salon, a pizzeria) ask on WhatsApp,
 * and the words the document that answers them uses instead. Questions rarely share a word with
 * the line that answers them: "onde fica?" is answered by "Rua das Flores, 123 — Centro",
 * "vcs abrem domingo?" by "Domingo: 7h às 12h". Full-text retrieval (knowledge/expand-query.ts)
 * reads each question with this vocabulary: spellings fixed, the intent recognised, the question
 * words dropped and the intent's document words added. The offline model drops the filler words
 * too. Measured by bench/customer-questions.ts; every word is written plain (lower case, no
 * accents), as both sides are compared.
 */

/** WhatsApp spellings and common typos → the word (applied word by word, before anything else). */
export const SPELLINGS: Record<string, string> = {
  vc: 'voce',
  vcs: 'voces',
  voceis: 'voces',
  hj: 'hoje',
  hje: 'hoje',
  q: 'que',
  oq: 'o que',
  qto: 'quanto',
  qnto: 'quanto',
  qt: 'quanto',
  qnt: 'quanto',
  tb: 'tambem',
  tbm: 'tambem',
  pra: 'para',
  pro: 'para o',
  endereso: 'endereco',
  enderecu: 'endereco',
  enderco: 'endereco',
  endereo: 'endereco',
  orario: 'horario',
  horaro: 'horario',
  oras: 'horas',
  domigo: 'domingo',
  sabdo: 'sabado',
  entraga: 'entrega',
  entrga: 'entrega',
  entegra: 'entrega',
  delivey: 'delivery',
  deliveri: 'delivery',
  pics: 'pix',
  piks: 'pix',
  cartau: 'cartao',
  catao: 'cartao',
  dinhero: 'dinheiro',
  precu: 'preco',
  presso: 'preco',
  cardapi: 'cardapio',
};

/** Words that say nothing about what is asked (both retrieval and the offline model drop them). */
export const FILLER_WORDS = [
  'hoje',
  'agora',
  'ai',
  'aqui',
  'la',
  'ainda',
  'mesmo',
  'tambem',
  'favor',
  'pfv',
  'pf',
  'pfvr',
  'moca',
  'moco',
  'amigo',
  'amiga',
  'querida',
  'gente',
  'boa',
  'bom',
  'dia',
  'tarde',
  'noite',
  'oi',
  'ola',
  'opa',
  'ok',
  'blz',
  'gostaria',
  'queria',
  'quero',
  'saber',
  'informar',
  'sabe',
  'poderia',
  'voce',
  'voces',
  'ta',
  'tah',
  'algo',
  'alguma',
  'coisa',
  'posso',
  'faco',
  'tem',
  'teria',
  'tinha',
];

/**
 * How a customer asks that the line answering may not say ("aceita pix?" → "Formas de pagamento:
 * Pix"): the offline model drops them; retrieval keeps them, as prose says "Aceitamos Pix".
 */
export const ASKING_WORDS = ['aceita', 'aceitam', 'aceitaria'];

/**
 * The question's own words: once an intent is read from them, retrieval drops them ("onde",
 * "fica" and "custa" are not in the line that answers; "fica" would match "fica pronto em 2 dias").
 * Without an intent they stay ("o meu carro fica na oficina").
 */
export const QUESTION_WORDS = [
  'qual',
  'quais',
  'onde',
  'aonde',
  'quanto',
  'quanta',
  'quantos',
  'quantas',
  'pode',
  'podem',
  'consigo',
  'como',
  'que',
];

/**
 * What customers ask most, recognised on the plain question, and the words a document uses to
 * answer it (added to the full-text query).
 */
export const CUSTOMER_INTENTS: { name: string; asks: RegExp; answeredBy: string[] }[] = [
  {
    name: 'address',
    asks: /\b(onde|aonde|endereco|localiza\w*|chegar|ponto de referencia|mapa|maps)\b/,
    answeredBy: [
      'endereço',
      'rua',
      'avenida',
      'av',
      'travessa',
      'alameda',
      'praça',
      'rodovia',
      'bairro',
      'cep',
      'localizado',
      'localizada',
      'ficamos',
      'esquina',
    ],
  },
  {
    name: 'hours',
    asks: /\b(horario\w*|horas|abre|abrem|abrir|abert[oa]s?|fecha\w*|funciona\w*|expediente|feriados?|trabalham|atendem)\b/,
    answeredBy: [
      'horário',
      'funcionamento',
      'aberto',
      'abrimos',
      'fechamos',
      'fechado',
      'segunda',
      'terça',
      'quarta',
      'quinta',
      'sexta',
      'sábado',
      'domingo',
      'feriados',
      'atendimento',
    ],
  },
  {
    name: 'price',
    asks: /\b(quanto\w*|preco\w*|valor\w*|custa\w*|custo|cobra\w*|tabela|sai por|sai a)\b/,
    answeredBy: ['preço', 'preços', 'valor', 'valores'],
  },
  {
    name: 'delivery',
    asks: /\b(entreg\w*|delivery|frete|motoboy|ifood|leva\w*|manda\w*|envia\w*|retirar|retirada)\b/,
    answeredBy: [
      'entrega',
      'entregamos',
      'delivery',
      'frete',
      'taxa',
      'ifood',
      'motoboy',
      'retirada',
    ],
  },
  {
    name: 'payment',
    asks: /\b(pag\w*|pix|cartao|cartoes|credito|debito|dinheiro|boleto|parcel\w*|vale refeicao)\b/,
    answeredBy: [
      'pagamento',
      'pix',
      'cartão',
      'cartões',
      'crédito',
      'débito',
      'dinheiro',
      'aceitamos',
      'parcelamos',
    ],
  },
  {
    name: 'booking',
    asks: /\b(agend\w*|marca\w*|reserv\w*|encaixe|hora marcada)\b/,
    answeredBy: ['agendamento', 'agendar', 'marcar', 'hora marcada', 'antecedência', 'whatsapp'],
  },
  {
    name: 'contact',
    asks: /\b(telefone|whats\w*|zap|contato|ligar|instagram|insta)\b/,
    answeredBy: ['telefone', 'whatsapp', 'contato', 'instagram'],
  },
  {
    name: 'menu',
    asks: /\b(cardapio|menu|sabores|opcoes)\b/,
    answeredBy: ['cardápio', 'sabores', 'opções'],
  },
];

/** The text with its WhatsApp spellings and typos written out ("vc abre hj?" → "voce abre hoje?"). */
export const respelled = (text: string) =>
  text.replace(/[\p{L}\p{N}]+/gu, (word) => SPELLINGS[word.toLocaleLowerCase('pt-BR')] ?? word);

/** Lower case, no accents, spellings fixed: the form the vocabulary is written in. */
export function plainQuestion(question: string): string {
  const words = respelled(question)
    .toLocaleLowerCase('pt-BR')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .match(/[\p{L}\p{N}]+/gu);
  return (words ?? []).join(' ');
}
