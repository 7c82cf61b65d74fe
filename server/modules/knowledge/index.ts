/**
 * An agent's knowledge: uploaded documents (extraction in a child process, chunking, embeddings),
 * the free-text knowledge base, and retrieval (full-text and vector, fused).
 */
export { type Chunk, CHUNK_DEFAULTS, chunkSegments } from './chunk';
export { replaceChunks, storeEmbeddings } from './documents.repo';
export { extractSegments, type Segment } from './extract';
export { extractionOptionsOf } from './extraction-limits';
export { ExtractionPool } from './extraction-pool';
export { KNOWLEDGE_QUEUE_OPTIONS, KNOWLEDGE_QUEUES, registerKnowledgeJobs } from './knowledge-jobs';
export { knowledgeRoutes } from './knowledge.routes';
export {
  createTextDocument,
  EMBED_KNOWLEDGE_QUEUE,
  embedKnowledgeText,
  embedTextDocument,
  indexKnowledgeText,
  PROCESS_DOCUMENT_QUEUE,
  retrievePassages,
} from './knowledge.service';
export { processDocument } from './process-document';
export { HNSW_MIN_CHUNKS, type Passage, searchKnowledge } from './search';
export { syncVectorGraphs } from './vector-graph';
export { officeTypeOfZip } from './zip-inspection';
