/**
 * The four monthly plans. Prices are integer cents, turned into reais only by the payment
 * adapter; names, descriptions and feature texts live in the locale catalogues under `plans.<id>`.
 */
export const PLAN_IDS = ['basico', 'standard', 'multi', 'consultoria'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const DEFAULT_PLAN_ID: PlanId = 'standard';

export interface Plan {
  id: PlanId;
  priceCents: number;
  popular: boolean;
  /** null = unlimited */
  agentLimit: number | null;
  knowledgeBase: boolean;
  externalApis: boolean;
  /** the official WhatsApp Business Platform (Cloud API) as a way to connect a number */
  whatsappBusiness: boolean;
  /** sold through a consultant instead of online checkout */
  contactSales: boolean;
  featureCount: number;
  limitationCount: number;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'basico',
    priceCents: 9990,
    popular: false,
    agentLimit: 1,
    knowledgeBase: false,
    externalApis: false,
    whatsappBusiness: false,
    contactSales: false,
    featureCount: 4,
    limitationCount: 2,
  },
  {
    id: 'standard',
    priceCents: 12990,
    popular: true,
    agentLimit: 1,
    knowledgeBase: true,
    externalApis: true,
    whatsappBusiness: false,
    contactSales: false,
    featureCount: 6,
    limitationCount: 0,
  },
  {
    id: 'multi',
    priceCents: 39990,
    popular: false,
    agentLimit: 5,
    knowledgeBase: true,
    externalApis: true,
    whatsappBusiness: true,
    contactSales: false,
    featureCount: 7,
    limitationCount: 0,
  },
  {
    id: 'consultoria',
    priceCents: 59990,
    popular: false,
    agentLimit: null,
    knowledgeBase: true,
    externalApis: true,
    whatsappBusiness: true,
    contactSales: true,
    featureCount: 7,
    limitationCount: 0,
  },
];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** 9990 → "R$ 99,90" (pt-BR money, non-breaking space normalised to a plain one). */
export function formatBRL(cents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
}
