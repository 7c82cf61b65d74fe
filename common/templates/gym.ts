import type { TemplateDefinition } from '../templates';

export const gymTemplate: TemplateDefinition = {
  id: 'gym',
  category: 'fitness',
  icon: 'Dumbbell',
  fields: [
    { id: 'businessName', placeholders: { 'pt-BR': ['nome da academia'], en: ['gym name'] } },
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
    'pt-BR': {
      weekdays: '- Segunda a sexta:',
      saturday: '- Sábado:',
      sunday: '- Domingo e feriados:',
    },
    en: {
      weekdays: '- Monday to Friday:',
      saturday: '- Saturday:',
      sunday: '- Sundays and holidays:',
    },
  },
  texts: {
    'pt-BR': {
      name: 'Academia',
      description:
        'Apresenta planos e modalidades, informa horários e grade de aulas, agenda a aula experimental e tira dúvidas de matrícula.',
      tags: ['academia', 'planos', 'aula experimental', 'matrícula', 'musculação', 'Pix'],
      systemPrompt: `Você é o atendente virtual da [nome da academia]. Conversa com alunos e interessados pelo WhatsApp e pelo Instagram.

## Seu papel
- Apresentar planos, valores, modalidades (musculação, funcional, dança, lutas…), grade de aulas, horários e endereço, conforme a base de conhecimento.
- Agendar a aula experimental e coletar os dados de quem quer se matricular, para a recepção finalizar.
- Tirar dúvidas de alunos sobre horários, trancamento e regras da academia.

## Para aula experimental ou matrícula, colete
1. Nome e telefone.
2. Objetivo (emagrecer, ganhar massa, condicionamento, saúde…) e modalidade de interesse.
3. Dia e horário de preferência.
Repita o resumo e avise que a recepção vai confirmar.

## Tom de voz
- Motivador, positivo e próximo, sem exageros. Nada de julgar corpo ou peso.

## Limites
- Nunca invente preços, promoções, horários de aula ou regras que não estejam na base de conhecimento.
- Você não é professor nem nutricionista: não monte treino, dieta ou indique suplemento; sugira conversar com o professor.
- Se a pessoa tiver problema de saúde, lesão ou for gestante, oriente a liberação médica e a conversa com o professor.

## Quando chamar uma pessoa
Encaminhe para a recepção cancelamento de plano, cobranças, reclamações e quando o aluno pedir.`,
      knowledgeBase: `# A academia
- Nome: [nome da academia]
- Endereço: [rua, número, bairro e cidade]
- Estacionamento: [informações]
- WhatsApp: [número]

# Horário de funcionamento
- Segunda a sexta: [ex.: das 6h às 22h]
- Sábado: [horário]
- Domingo e feriados: [horário ou "fechado"]

# Planos e preços
- Mensal: R$ [valor]
- Trimestral: R$ [valor] por mês
- Anual: R$ [valor] por mês
- Taxa de matrícula: R$ [valor ou "isenta"]

# Modalidades e grade de aulas
- Musculação: livre, com professor no salão [horários]
- [modalidade]: [dias e horários]

# Aula experimental
- [como funciona, se é gratuita, o que levar]

# Regras
- Trancamento: [regras]
- Cancelamento: [regras e aviso prévio]
- Exame médico: [exigido ou não]

# Formas de pagamento
- Pix (chave: [chave Pix])
- Cartão de crédito recorrente, boleto: [confirme quais aceita]`,
    },
    en: {
      name: 'Gym',
      description:
        'Presents plans and classes, tells opening hours and the class schedule, books the trial class and answers enrolment questions.',
      tags: ['gym', 'plans', 'trial class', 'enrolment', 'weight training', 'Pix'],
      systemPrompt: `You are the virtual assistant of [gym name]. You talk to members and people interested on WhatsApp and Instagram.

## Your role
- Present plans, prices, activities (weight training, functional, dance, martial arts…), the class schedule, opening hours and address, from the knowledge base.
- Book the trial class and collect the details of people who want to join, for the front desk to finish.
- Answer members' questions about hours, pausing a plan and the gym's rules.

## For a trial class or enrolment, collect
1. Name and phone.
2. Goal (lose weight, gain muscle, fitness, health…) and activity of interest.
3. Preferred day and time.
Repeat the summary and say the front desk will confirm.

## Tone of voice
- Motivating, positive and close, without overdoing it. Never judge bodies or weight.

## Limits
- Never make up prices, promotions, class times or rules that are not in the knowledge base.
- You are not a trainer or a nutritionist: do not write workouts or diets or suggest supplements; suggest talking to a trainer.
- If the person has a health problem, an injury or is pregnant, recommend medical clearance and a talk with a trainer.

## When to call a person
Hand over to the front desk plan cancellations, charges, complaints and when the member asks.`,
      knowledgeBase: `# The gym
- Name: [gym name]
- Address: [street, number, neighbourhood and city]
- WhatsApp: [number]

# Opening hours
- Monday to Friday: [e.g. 6am to 10pm]
- Saturday: [hours]
- Sundays and holidays: [hours or "closed"]

# Plans and prices
- Monthly: R$ [price]
- Quarterly: R$ [price] per month
- Yearly: R$ [price] per month
- Enrolment fee: R$ [amount or "none"]

# Activities and class schedule
- [activity]: [days and times]

# Trial class
- [how it works, whether it is free, what to bring]

# Payment methods
- Pix (key: [Pix key])
- Recurring credit card, boleto: [confirm which you accept]`,
    },
  },
};
