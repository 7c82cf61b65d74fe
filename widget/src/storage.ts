/** What the widget remembers on this browser (localStorage; silently nothing when blocked). */
const VISITOR_KEY = 'agent-webchat:visitor';

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked: the conversation lasts as long as the page
  }
}

/** A random, unguessable id (144 bits) that names this visitor's conversations. */
export function visitorId(): string {
  const stored = read(VISITOR_KEY);
  if (stored && /^[A-Za-z0-9_-]{22,64}$/.test(stored)) return stored;
  const id = randomId();
  write(VISITOR_KEY, id);
  return id;
}

const openKey = (agentKey: string) => `agent-webchat:open:${agentKey}`;
export const wasOpen = (agentKey: string) => read(openKey(agentKey)) === '1';
export const rememberOpen = (agentKey: string, open: boolean) =>
  write(openKey(agentKey), open ? '1' : null);

/** Whether this visitor has talked to the agent (so the history is worth fetching). */
const talkedKey = (agentKey: string) => `agent-webchat:talked:${agentKey}`;
export const hasTalked = (agentKey: string) => read(talkedKey(agentKey)) === '1';
export const rememberTalked = (agentKey: string) => write(talkedKey(agentKey), '1');

/** True the first time in this tab's session: the widget announces itself once per session. */
export function firstLoadThisSession(agentKey: string): boolean {
  const key = `agent-webchat:seen:${agentKey}`;
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // storage blocked: announce on every page; the server writes at most once an hour
  }
  return true;
}
