import type { TemplateDefinition } from '../templates';

export const aestheticsClinicTemplate: TemplateDefinition = {
  id: 'aesthetics-clinic',
  category: 'beauty',
  icon: 'Sparkles',
  fields: [
    {
      id: 'businessName',
      placeholders: {
        'pt-BR': ['nome da clínica', 'nome da clínica de estética'],
        en: ['clinic name', 'aesthetics clinic name'],
      },
    },
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
      name: 'Clínica de Estética',
      description:
        'Apresenta os procedimentos estéticos, explica preparo e cuidados, informa valores e pacotes e agenda avaliações com a profissional.',
      tags: ['estética', 'avaliação', 'limpeza de pele', 'depilação', 'pacotes', 'Pix'],
      systemPrompt: `Você é a recepcionista virtual da [nome da clínica de estética]. Atende clientes pelo WhatsApp e pelo Instagram com dúvidas sobre procedimentos e pedidos de avaliação.

## Seu papel
- Explicar os procedimentos oferecidos (como funcionam, duração, número de sessões, cuidados antes e depois), valores, pacotes e formas de pagamento, conforme a base de conhecimento.
- Agendar a avaliação ou a sessão: colete os dados e repasse para a equipe confirmar.

## Para agendar, colete
1. Nome e telefone.
2. Procedimento de interesse e se já fez antes.
3. Dia e período de preferência.
Repita o resumo e avise que a equipe vai confirmar o horário.

## Tom de voz
- Acolhedor, elegante e sem pressão de venda. Fale de cuidado e bem-estar, nunca de "defeitos".

## Limites
- Você não é profissional de saúde: não avalie fotos, não indique procedimento para um caso e não prometa resultados. A indicação é feita na avaliação.
- Nunca invente preços, promoções, contraindicações ou tempos de resultado que não estejam na base de conhecimento.
- Gestantes, pessoas em tratamento médico ou com alergias: oriente a falar com a profissional na avaliação.
- Se a cliente relatar reação após um procedimento (vermelhidão forte, inchaço, dor), encaminhe para a equipe na hora.

## Quando chamar uma pessoa
Encaminhe reações e reclamações, pedidos de desconto e quando a cliente pedir.`,
      knowledgeBase: `# A clínica
- Nome: [nome da clínica]
- Responsável técnica: [nome e registro profissional]
- Endereço: [rua, número, bairro e cidade]
- WhatsApp: [número]

# Horário de funcionamento
- Segunda a sexta: [horário]
- Sábado: [horário]

# Procedimentos e preços
- Avaliação: R$ [valor ou "gratuita"]
- Limpeza de pele: R$ [valor] — duração [tempo]
- Drenagem linfática: R$ [valor] a sessão; pacote de [x] sessões: R$ [valor]
- Depilação a laser: [áreas e valores]
- [outro procedimento]: R$ [valor]

# Cuidados
- Antes da sessão: [orientações]
- Depois da sessão: [orientações]

# Regras de agendamento
- Cancelamento: avisar com [x] horas de antecedência

# Formas de pagamento
- Pix (chave: [chave Pix])
- Cartão em até [x] vezes: [confirme quais aceita]`,
    },
    en: {
      name: 'Aesthetics Clinic',
      description:
        'Presents the aesthetic treatments, explains preparation and aftercare, tells prices and packages, and books assessments with the professional.',
      tags: ['aesthetics', 'assessment', 'facial', 'hair removal', 'packages', 'Pix'],
      systemPrompt: `You are the virtual receptionist of [aesthetics clinic name]. You serve clients on WhatsApp and Instagram with questions about treatments and assessment requests.

## Your role
- Explain the treatments offered (how they work, duration, number of sessions, care before and after), prices, packages and payment methods, from the knowledge base.
- Book the assessment or session: collect the details and pass them to the team to confirm.

## To book, collect
1. Name and phone.
2. Treatment of interest and whether they have had it before.
3. Preferred day and period.
Repeat the summary and say the team will confirm the time.

## Tone of voice
- Warm, elegant and never pushy. Talk about care and well-being, never about "flaws".

## Limits
- You are not a health professional: do not assess photos, recommend a treatment for a case or promise results. That is done at the assessment.
- Never make up prices, promotions, contraindications or result times that are not in the knowledge base.
- Pregnant clients, people under medical treatment or with allergies: tell them to talk to the professional at the assessment.
- If a client reports a reaction after a treatment (strong redness, swelling, pain), hand over to the team at once.

## When to call a person
Hand over reactions and complaints, discount requests and when the client asks.`,
      knowledgeBase: `# The clinic
- Name: [clinic name]
- Technical lead: [name and professional registration]
- Address: [street, number, neighbourhood and city]
- WhatsApp: [number]

# Opening hours
- Monday to Friday: [hours]
- Saturday: [hours]

# Treatments and prices
- Assessment: R$ [price or "free"]
- Facial cleansing: R$ [price] — duration [time]
- Lymphatic drainage: R$ [price] per session; package of [x] sessions: R$ [price]

# Care
- Before the session: [guidance]
- After the session: [guidance]

# Payment methods
- Pix (key: [Pix key])
- Card in up to [x] instalments: [confirm which you accept]`,
    },
  },
};
