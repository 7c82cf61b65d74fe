import type { Agent, CreateAgentInput } from '@common/schemas/agent';

export const COPY_SUFFIX = ' (Cópia)';
/** The server's name limit (common/schemas/agent.ts). */
const NAME_MAX = 100;

/**
 * The body that duplicates an agent: every field but id, ownerId, createdAt and updatedAt, the
 * name suffixed '(Cópia)' (shortened first so the copy still fits the name limit), status draft.
 */
export function duplicatePayload(agent: Agent): CreateAgentInput {
  const { id: _id, ownerId: _owner, createdAt: _created, updatedAt: _updated, ...fields } = agent;
  const base = agent.name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd();
  return {
    ...fields,
    name: `${base}${COPY_SUFFIX}`,
    status: 'draft',
    responseStyle: fields.responseStyle as CreateAgentInput['responseStyle'],
    language: fields.language as CreateAgentInput['language'],
    tools: fields.tools as CreateAgentInput['tools'],
    googleServices: fields.googleServices as CreateAgentInput['googleServices'],
  };
}
