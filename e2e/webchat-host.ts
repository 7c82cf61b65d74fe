import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A customer's website on another origin (127.0.0.1, its own port): a plain page with the
 * copied snippet before </body>, and a stylesheet of its own that tries to restyle everything.
 */
export const HOSTILE_CSS = `
* { color: rgb(255, 0, 0) !important; font-family: serif !important; font-size: 31px !important;
    background: rgb(255, 255, 0) !important; border-radius: 0 !important; }
button { display: none !important; }
div, section, form, textarea { padding: 40px !important; margin: 40px !important; }`;

export interface HostPage {
  url: string;
  close(): Promise<void>;
}

/** `csp`: a Content-Security-Policy header for the page, as strict sites send. */
export async function serveHostPage(snippet: string, csp?: string): Promise<HostPage> {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>Loja do Bairro</title><link rel="stylesheet" href="/site.css"></head>
<body><h1>Loja do Bairro</h1><p>Bem-vindo à nossa loja.</p>
${snippet}
</body></html>`;
  const server: Server = createServer((req, res) => {
    if (req.url === '/site.css') {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end(HOSTILE_CSS);
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...(csp ? { 'content-security-policy': csp } : {}),
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function getWebchatCode(request: APIRequestContext, agentId: number) {
  const response = await request.get(`/api/agents/${agentId}/webchat-code`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    code: string;
    instructions: string[];
    widgetUrl: string;
    embedConfig: { agentKey: string };
  };
}

export async function saveWebchatConfig(
  request: APIRequestContext,
  baseURL: string,
  agentId: number,
  body: { config: Record<string, unknown>; allowedDomains: string[] },
) {
  const response = await request.put(`/api/agents/${agentId}/webchat-config`, {
    data: body,
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}
