import type { PlanId } from '@common/plans';

/** Plan names as the payer sees them at checkout and in our error messages (pt-BR). */
export const PLAN_NAMES: Record<PlanId, string> = {
  basico: 'Básico',
  standard: 'Padrão',
  multi: 'Multi',
  consultoria: 'Consultoria',
};

export function planName(id: string): string {
  return PLAN_NAMES[id as PlanId] ?? id;
}
