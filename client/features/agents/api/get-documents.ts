import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentQueryKey } from '@/lib/query-keys';

export type DocumentStatus = 'pending' | 'processing' | 'ready' | 'failed';

/** A document as GET /api/agents/{id}/documents lists it (no common schema exists yet). */
export interface AgentDocument {
  id: number;
  agentId: number;
  filename: string;
  originalName: string | null;
  /** the name customers see when the widget shows sources */
  publicTitle: string | null;
  fileType: 'pdf' | 'docx' | 'xlsx' | 'csv' | 'md' | 'txt';
  fileSize: number;
  mimeType: string;
  chunkIndex: number;
  totalChunks: number;
  processingStatus: DocumentStatus;
  progress: number;
  failureReason: string | null;
  indexMode: 'hybrid' | 'lexical' | null;
  uploadedAt: string;
  processedAt: string | null;
}

/** Under the agent's key, so deleting the agent drops its documents from the cache too. */
export function documentsQueryKey(agentId: number) {
  return [...agentQueryKey(agentId), 'documents'] as const;
}

/** How often the list is read while the processing job still works on a document. */
export const DOCUMENT_POLL_MS = 1000;

export function isProcessing(doc: AgentDocument): boolean {
  return doc.processingStatus === 'pending' || doc.processingStatus === 'processing';
}

/** GET /api/agents/{id}/documents: newest first. */
export function getDocuments(agentId: number): Promise<AgentDocument[]> {
  return apiRequest<AgentDocument[]>(`/api/agents/${agentId}/documents`);
}

/** Polls every second while any document is pending or processing, and stops when none is. */
export function useDocumentsQuery(agentId: number) {
  return useQuery({
    queryKey: documentsQueryKey(agentId),
    queryFn: () => getDocuments(agentId),
    refetchInterval: (query) => (query.state.data?.some(isProcessing) ? DOCUMENT_POLL_MS : false),
  });
}
