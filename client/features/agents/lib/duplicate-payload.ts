import { AGENT_NAME_MAX, type Agent, type CreateAgentInput } from '@common/schemas/agent';

export const COPY_SUFFIX = ' (Cópia)';

/**
 * The body that duplicates an agent: every field but id, ownerId, createdAt and updatedAt, the
 * name suffixed '(Cópia)' (shortened first so the copy still fits the name limit), status draft.
 */
export function duplicatePayload(agent: Agent): CreateAgentInput {
  const { id: _id, ownerId: _owner, createdAt: _created, updatedAt: _updated, ...fields } = agent;
  const base = agent.name.slice(0, AGENT_NAME_MAX - COPY_SUFFIX.length).trimEnd();
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
