import type { WizardData } from '@/features/agents/lib/wizard-state';

export interface WizardStepProps {
  data: WizardData;
  update: (patch: Partial<WizardData>) => void;
}
