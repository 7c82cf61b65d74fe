import type { WizardData, WizardErrors } from '@/features/agents/lib/wizard-state';

export interface WizardStepProps {
  data: WizardData;
  update: (patch: Partial<WizardData>) => void;
  /** message keys of the errors catalogue, by field, for the fields this step shows */
  errors: WizardErrors;
}
