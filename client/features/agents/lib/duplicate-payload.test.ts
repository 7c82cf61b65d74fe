import type { Agent } from '@common/schemas/agent';
import { createAgentSchema } from '@common/schemas/agent';
import { describe, expect, it } from 'vitest';
import { duplicatePayload } from './duplicate-payload';

const agent: Agent = {
  id: 7,
  ownerId: 3,
  name: 'Atendente',
  description: null,
  systemPrompt: 'Você é um atendente.',
  model: 'gpt-4o-mini',
  temperature: 1.2,
  maxTokens: 1024,
  topP: 0.9,
  status: 'active',
  capabilities: ['faq'],
  tools: ['calculator'],
  knowledgeBase: 'Horário: 9h às 18h',
  ragDocuments: null,
  googleServices: ['calendar'],
  externalApis: '[{"name":"CRM","url":"https://crm.example.com","authType":"bearer"}]',
  handoffMessage: 'Um momento, já chamo alguém.',
  responseStyle: 'friendly',
  language: 'es',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};

describe('duplicatePayload', () => {
  it('copies every field but the identity and timestamps, names it (Cópia) and makes it draft', () => {
    const payload = duplicatePayload(agent);
    expect(payload).toEqual({
      name: 'Atendente (Cópia)',
      description: null,
      systemPrompt: 'Você é um atendente.',
      model: 'gpt-4o-mini',
      temperature: 1.2,
      maxTokens: 1024,
      topP: 0.9,
      status: 'draft',
      capabilities: ['faq'],
      tools: ['calculator'],
      knowledgeBase: 'Horário: 9h às 18h',
      ragDocuments: null,
      googleServices: ['calendar'],
      externalApis: agent.externalApis,
      handoffMessage: 'Um momento, já chamo alguém.',
      responseStyle: 'friendly',
      language: 'es',
    });
    expect(createAgentSchema.safeParse(payload).success).toBe(true);
  });

  it('shortens a long name so the copy still fits the 100-character limit', () => {
    const payload = duplicatePayload({ ...agent, name: 'x'.repeat(100) });
    expect(payload.name).toHaveLength(100);
    expect(payload.name.endsWith(' (Cópia)')).toBe(true);
    expect(createAgentSchema.safeParse(payload).success).toBe(true);
  });
});
