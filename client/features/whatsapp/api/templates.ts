import type { CreateWhatsappTemplateInput, WhatsappTemplateView } from '@common/schemas/whatsapp';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The owner's templates: one list for all their official numbers (the account's, at Meta). */
export const whatsappTemplatesQueryKey = ['whatsapp-templates'] as const;

/** While Meta reviews a template the list is re-read this often. */
export const TEMPLATES_REVIEW_REFRESH_MS = 3000;

/** GET /api/whatsapp/templates — newest first; re-read while one is under review. */
export function useWhatsappTemplatesQuery() {
  return useQuery({
    queryKey: whatsappTemplatesQueryKey,
    queryFn: () => apiRequest<WhatsappTemplateView[]>('/api/whatsapp/templates'),
    refetchInterval: (query) =>
      query.state.data?.some((template) => template.status === 'PENDING')
        ? TEMPLATES_REVIEW_REFRESH_MS
        : false,
    refetchIntervalInBackground: false,
  });
}

/** POST /api/whatsapp/templates → 201 the template, submitted to Meta for review. */
export function createWhatsappTemplate(
  body: CreateWhatsappTemplateInput,
): Promise<WhatsappTemplateView> {
  return apiRequest<WhatsappTemplateView>('/api/whatsapp/templates', { method: 'POST', body });
}

export function useCreateWhatsappTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWhatsappTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappTemplatesQueryKey }),
  });
}
