import { describe, expect, it } from 'vitest';
import {
  emptyFormValues,
  JSON_INVALID,
  toInstancePayload,
} from '@/features/evolution-instances/lib/instance-form';

const valid = {
  ...emptyFormValues(),
  name: 'Loja Centro',
  instanceId: 'loja-centro',
  url: 'https://evo.example.com',
  apiKey: ' key-123 ',
  webhookEvents: ['MESSAGES_UPSERT'],
  connectionData: '{"region": "sp"}',
};

describe('gateway instance form', () => {
  it('builds the request body', () => {
    expect(toInstancePayload({ ...valid, connectedAgentId: '7' })).toEqual({
      ok: true,
      payload: {
        name: 'Loja Centro',
        instanceId: 'loja-centro',
        url: 'https://evo.example.com',
        apiKey: 'key-123',
        webhookUrl: '',
        webhookEvents: ['MESSAGES_UPSERT'],
        connectedAgentId: 7,
        phoneNumber: null,
        connectionData: { region: 'sp' },
      },
    });
  });

  it('leaves an empty API key out so Configure keeps the stored one', () => {
    const result = toInstancePayload({ ...valid, apiKey: '' });
    expect(result.ok && 'apiKey' in result.payload).toBe(false);
  });

  it('reports required fields, bad URLs and bad JSON per field', () => {
    const result = toInstancePayload({
      ...emptyFormValues(),
      url: 'ftp://x',
      webhookUrl: 'not a url',
      connectionData: '[1, 2',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'evolution.nameRequired',
        instanceId: 'evolution.instanceIdRequired',
        url: 'evolution.urlInvalid',
        webhookUrl: 'evolution.urlInvalid',
        connectionData: JSON_INVALID,
      },
    });
  });
});
