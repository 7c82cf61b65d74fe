import type { TemplateDetails } from '@common/schemas/appointments';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/agents/{id}/template-details, right after an agent is made from a template (the
 * gallery's dialog and the quick-create form both do): the business's name for the booking page
 * and the week's hours as the starting schedule. Nothing to send: no call.
 */
export async function saveTemplateDetails(agentId: number, details: TemplateDetails) {
  if (!details.businessName && !details.weekly?.length) return;
  await apiRequest<void>(`/api/agents/${agentId}/template-details`, {
    method: 'POST',
    body: details,
  });
}
