import { tool, type ToolSet } from 'ai';
import type * as MathJsModule from 'mathjs';
import { z } from 'zod';
import { outboundFetch } from '../../lib/outbound';

/**
 * The agent's tools, exposed to the model only when the agent enables them.
 */
type MathJs = ReturnType<typeof MathJsModule.create>;
let mathLoading: Promise<{ math: MathJs; evaluate: MathJs['evaluate'] }> | undefined;

/** mathjs loads on the first calculation; its expression language is cut down first. */
function loadMath() {
  mathLoading ??= import('mathjs').then(({ create, all }) => {
    const math = create(all!, {});
    const evaluate = math.evaluate.bind(math);
    const disabled = (name: string) => () => {
      throw new Error(`${name} is disabled`);
    };
    // The expression language must not reach functions that parse or define more code.
    math.import(
      Object.fromEntries(
        [
          'import',
          'createUnit',
          'evaluate',
          'parse',
          'simplify',
          'derivative',
          'compile',
          'resolve',
          'reviver',
        ].map((name) => [name, disabled(name)]),
      ),
      { override: true },
    );
    return { math, evaluate };
  });
  return mathLoading;
}

export async function calculate(expression: string): Promise<string> {
  if (expression.length > 500) throw new Error('expression too long');
  const { math, evaluate } = await loadMath();
  const result: unknown = evaluate(expression);
  if (typeof result === 'function' || math.isResultSet(result) || result === undefined) {
    throw new Error('not a single value');
  }
  return math.format(result, { precision: 14 });
}

export interface ExternalApi {
  name: string;
  url: string;
  authType: string;
  /** decrypted credentials, when the owner saved some */
  auth?: { token?: string; username?: string; password?: string; headerName?: string } | undefined;
}

/** The agent's own HTTP APIs, as its editor saved them (a JSON list); none when unreadable. */
export function externalApisOf(agent: { externalApis: string | null }): ExternalApi[] {
  if (!agent.externalApis) return [];
  try {
    return JSON.parse(agent.externalApis) as ExternalApi[];
  } catch {
    return [];
  }
}

export const EXTERNAL_RESPONSE_LIMIT = 4000;

function authHeaders(api: ExternalApi): Record<string, string> {
  const auth = api.auth;
  if (!auth) return {};
  if (api.authType === 'basic' && auth.username !== undefined) {
    return {
      authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password ?? ''}`).toString('base64')}`,
    };
  }
  if (api.authType === 'api_key' && auth.token)
    return { [auth.headerName ?? 'x-api-key']: auth.token };
  if (auth.token) return { authorization: `Bearer ${auth.token}` };
  return {};
}

export async function callExternalApi(
  api: ExternalApi,
  input: {
    method: 'GET' | 'POST';
    path: string;
    query?: Record<string, string> | undefined;
    body?: unknown;
  },
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<{ status: number; body: string; truncated: boolean }> {
  const base = new URL(api.url);
  // The model picks a path under the configured base URL; it cannot leave that origin.
  const target = new URL(
    input.path.replace(/^\/+/, ''),
    base.href.endsWith('/') ? base.href : `${base.href}/`,
  );
  if (target.origin !== base.origin) throw new Error('path leaves the API origin');
  for (const [k, v] of Object.entries(input.query ?? {})) target.searchParams.set(k, v);
  const response = await outboundFetch(
    target.href,
    {
      method: input.method,
      headers: {
        accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...authHeaders(api),
      },
      body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    },
    { allowPrivate: options.allowPrivate },
  );
  const text = await response.text();
  return {
    status: response.status,
    body: text.slice(0, EXTERNAL_RESPONSE_LIMIT),
    truncated: text.length > EXTERNAL_RESPONSE_LIMIT,
  };
}

function toolName(name: string, index: number): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `api_${slug || index}`;
}

/** The built-in tool every agent has: hand the conversation over to a person of the business. */
export const HANDOFF_TOOL = 'transfer_to_human';

export function handoffTool(onCall: () => void) {
  return tool({
    description:
      'Passa a conversa para uma pessoa da equipe (o atendimento automático pausa). Use quando o ' +
      'cliente pedir para falar com uma pessoa, um atendente, um humano ou o gerente, ou quando ' +
      'você não puder ajudar com o que ele precisa. Não a use se o cliente disser que não quer. ' +
      'Depois de chamá-la não escreva mais nada: o cliente recebe a mensagem de transferência.',
    inputSchema: z.object({
      reason: z.string().max(300).optional().describe('por que a conversa vai para uma pessoa'),
    }),
    execute: async () => {
      onCall();
      return { ok: true };
    },
  });
}

/**
 * The built-in tool every agent has: the model says the question is about the business and the
 * answer is not in what it was given. It answers the customer as usual afterwards; the owner sees
 * the question in the reports' unanswered questions (docs/decisions/0021).
 */
export const UNKNOWN_TOOL = 'report_missing_information';

export function unknownTool(onCall: () => void) {
  return tool({
    description:
      'Registra que o cliente perguntou algo sobre o negócio cuja resposta não está nas ' +
      'informações nem nos trechos que você recebeu (o dono do negócio verá a pergunta para ' +
      'ensinar a resposta). Chame-a antes de dizer ao cliente que não tem essa informação e depois ' +
      'responda normalmente. Não a use em cumprimentos nem quando souber responder.',
    inputSchema: z.object({}),
    execute: async () => {
      onCall();
      return { ok: true };
    },
  });
}

export function buildTools(
  agent: { tools: string[] },
  externalApis: ExternalApi[],
  options: { allowPrivate: boolean },
): ToolSet {
  const tools: ToolSet = {};
  if (agent.tools.includes('calculator')) {
    tools.calculator = tool({
      description:
        'Calcula expressões matemáticas com precisão (ex.: "3 * 49.9", "15% * 200", "sqrt(16)").',
      inputSchema: z.object({ expression: z.string().describe('a expressão matemática') }),
      execute: async ({ expression }) => {
        try {
          return { result: await calculate(expression) };
        } catch (err) {
          return { error: `não foi possível calcular: ${(err as Error).message}` };
        }
      },
    });
  }
  externalApis.forEach((api, index) => {
    tools[toolName(api.name, index)] = tool({
      description: `Consulta a API externa "${api.name}" (${api.url}). Escolha método, caminho e parâmetros.`,
      inputSchema: z.object({
        method: z.enum(['GET', 'POST']).default('GET'),
        path: z.string().describe('caminho relativo à URL base, ex.: "produtos/123"'),
        query: z.record(z.string(), z.string()).optional(),
        body: z.unknown().optional(),
      }),
      execute: async (input) => {
        try {
          return await callExternalApi(api, input, options);
        } catch (err) {
          return { error: `a chamada falhou: ${(err as Error).message}` };
        }
      },
    });
  });
  return tools;
}
