import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** What the simulator's signup answers: what Meta's popup would have told the page. */
export interface SimulatedCloudSignup {
  code: string;
  wabaId: string;
  phoneNumberId: string | null;
  event: 'FINISH' | 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING';
}

/**
 * POST /api/whatsapp/cloud/simulator/signup (only while the simulator plays Meta): plays the
 * Embedded Signup popup; its answer is then posted to the connect route like Meta's.
 */
export function simulateCloudSignup(input: {
  agentId: number;
  coexistence: boolean;
}): Promise<SimulatedCloudSignup> {
  return apiRequest<SimulatedCloudSignup>('/api/whatsapp/cloud/simulator/signup', {
    method: 'POST',
    body: input,
  });
}

export function useSimulateCloudSignupMutation() {
  return useMutation({ mutationFn: simulateCloudSignup });
}
