import type { ChatMessage } from '@/features/agent-test/lib/chat-message';

/** A source as the console shows it under a reply: name, page and the excerpt on screen. */
export interface ExportedSource {
  source: string;
  page: number | null;
  excerpt: string;
}

export interface ExportedMessage {
  role: ChatMessage['role'];
  content: string;
  timestamp: string;
  /** replies only: labelled Offline on screen */
  offline?: boolean;
  /** replies only: the sources listed under the reply (an empty list when none were shown) */
  sources?: ExportedSource[];
}

export interface ChatExport {
  agent: { id: number; name: string };
  exportedAt: string;
  messages: ExportedMessage[];
}

function exportedMessage(message: ChatMessage): ExportedMessage {
  const { role, content, timestamp } = message;
  if (role === 'user' || message.citations === undefined) return { role, content, timestamp };
  return {
    role,
    content,
    timestamp,
    offline: message.offline === true,
    sources: message.citations.map(({ source, page, excerpt }) => ({
      source,
      page: page ?? null,
      excerpt,
    })),
  };
}

export function buildChatExport(
  agent: { id: number; name: string },
  messages: readonly ChatMessage[],
  now = new Date(),
): ChatExport {
  return {
    agent: { id: agent.id, name: agent.name },
    exportedAt: now.toISOString(),
    messages: messages.filter((m) => !m.streaming).map(exportedMessage),
  };
}

/** e.g. "chat-padaria-pao-quente-2025-05-01.json": ASCII only, safe on every file system. */
export function exportFileName(agentName: string, now = new Date()): string {
  const slug = agentName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `chat-${slug || 'agente'}-${now.toISOString().slice(0, 10)}.json`;
}

/** Saves the chat as a JSON file through a temporary link (no server round trip). */
export function downloadChatExport(data: ChatExport, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; give it a moment.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
