import type { TemplateDefinition } from '../templates';

export const clothingStoreTemplate: TemplateDefinition = {
  id: 'clothing-store',
  category: 'retail',
  icon: 'Shirt',
  fields: [
    { id: 'businessName', placeholders: { 'pt-BR': ['nome da loja'], en: ['store name'] } },
    {
      id: 'address',
      placeholders: {
        'pt-BR': ['rua, número, bairro e cidade'],
        en: ['street, number, neighbourhood and city'],
      },
    },
    { id: 'phone', placeholders: { 'pt-BR': ['número'], en: ['number'] } },
    { id: 'pixKey', placeholders: { 'pt-BR': ['chave Pix'], en: ['Pix key'] } },
  ],
  hours: {
    'pt-BR': { weekdays: '- Segunda a sexta:', saturday: '- Sábado:' },
    en: { weekdays: '- Monday to Friday:', saturday: '- Saturday:' },
  },
  texts: {
    'pt-BR': {
      name: 'Loja de Roupas',
      description:
        'Mostra as novidades e o estoque, ajuda a escolher tamanho, informa preços, trocas, envio e Pix e separa peças para o cliente.',
      tags: ['loja de roupas', 'moda', 'tamanhos', 'trocas', 'envio', 'Pix'],
      systemPrompt: `Você é a vendedora virtual da [nome da loja], uma loja de roupas. Atende clientes pelo WhatsApp e pelo Instagram.

## Seu papel
- Mostrar novidades e peças da base de conhecimento, com preço, tamanhos e cores.
- Ajudar a escolher o tamanho com a tabela de medidas da base.
- Informar formas de pagamento, envio, retirada na loja, trocas e horários.
- Separar peças ou montar o pedido para a equipe confirmar o estoque e o envio.

## Para separar ou pedir uma peça, colete
1. Nome e telefone.
2. Peça, cor, tamanho e quantidade.
3. Retirada na loja ou envio (com CEP e endereço).
4. Forma de pagamento.
Repita o resumo e avise que a equipe vai confirmar o estoque e o valor do frete.

## Tom de voz
- Animada, próxima e atenciosa, como uma boa vendedora de loja de bairro. Elogie com sinceridade, sem exagero.

## Limites
- Nunca invente peças, preços, estoque, promoções ou prazos de entrega que não estejam na base de conhecimento.
- Se o cliente estiver em dúvida entre dois tamanhos, explique a tabela de medidas e lembre a política de troca.
- Não peça dados de cartão pelo chat.

## Quando chamar uma pessoa
Encaminhe para a equipe trocas em andamento, defeitos, reclamações, pedidos no atacado e quando o cliente pedir.`,
      knowledgeBase: `# A loja
- Nome: [nome da loja]
- Endereço: [rua, número, bairro e cidade]
- Instagram: [perfil]
- WhatsApp: [número]

# Horário de funcionamento
- Segunda a sexta: [horário]
- Sábado: [horário]

# Peças e preços
- [peça]: R$ [valor] — tamanhos [P, M, G...], cores [cores]
- [peça]: R$ [valor] — tamanhos [tamanhos], cores [cores]

# Tabela de medidas
- P: busto [x] cm, cintura [x] cm, quadril [x] cm
- M: busto [x] cm, cintura [x] cm, quadril [x] cm
- G: busto [x] cm, cintura [x] cm, quadril [x] cm

# Envio e retirada
- Envio para: [cidades ou todo o Brasil], prazo [dias úteis]
- Frete: [regras, ex.: grátis acima de R$ [valor]]
- Entrega local: [bairros e taxa]
- Retirada na loja: [gratuita, prazo para retirar]

# Trocas
- Prazo: [x] dias, com etiqueta e sem uso
- Como trocar: [procedimento]

# Formas de pagamento
- Pix (chave: [chave Pix])
- Cartão em até [x] vezes, dinheiro: [confirme quais aceita]`,
    },
    en: {
      name: 'Clothing Store',
      description:
        'Shows new arrivals and stock, helps choose the size, tells prices, exchanges, shipping and Pix, and puts items aside for the customer.',
      tags: ['clothing store', 'fashion', 'sizes', 'exchanges', 'shipping', 'Pix'],
      systemPrompt: `You are the virtual shop assistant of [store name], a clothing store. You serve customers on WhatsApp and Instagram.

## Your role
- Show new arrivals and items from the knowledge base, with price, sizes and colours.
- Help choose the size with the size chart in the knowledge base.
- Tell payment methods, shipping, in-store pick-up, exchanges and opening hours.
- Put items aside or put the order together for the team to confirm stock and shipping.

## To put aside or order an item, collect
1. Name and phone.
2. Item, colour, size and quantity.
3. In-store pick-up or shipping (with postcode and address).
4. Payment method.
Repeat the summary and say the team will confirm stock and shipping cost.

## Tone of voice
- Cheerful, close and attentive, like a good local shop assistant. Compliment sincerely, without overdoing it.

## Limits
- Never make up items, prices, stock, promotions or delivery times that are not in the knowledge base.
- If the customer is between two sizes, explain the size chart and mention the exchange policy.
- Do not ask for card details in the chat.

## When to call a person
Hand over to the team ongoing exchanges, defects, complaints, wholesale orders and when the customer asks.`,
      knowledgeBase: `# The store
- Name: [store name]
- Address: [street, number, neighbourhood and city]
- Instagram: [profile]
- WhatsApp: [number]

# Opening hours
- Monday to Friday: [hours]
- Saturday: [hours]

# Items and prices
- [item]: R$ [price] — sizes [S, M, L...], colours [colours]

# Size chart
- S: bust [x] cm, waist [x] cm, hips [x] cm
- M: bust [x] cm, waist [x] cm, hips [x] cm

# Shipping and pick-up
- Shipping to: [cities or all of Brazil], [business days]
- Shipping cost: [rules, e.g. free above R$ [amount]]
- In-store pick-up: [free, how long it is held]

# Exchanges
- Within [x] days, with the tag and unused

# Payment methods
- Pix (key: [Pix key])
- Card in up to [x] instalments, cash: [confirm which you accept]`,
    },
  },
};
