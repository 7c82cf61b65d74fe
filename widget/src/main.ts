import { announce } from './api';
import { parseConfig, readJson } from './config';
import { firstLoadThisSession } from './storage';
import { createWidget, type Mode } from './ui';

/**
 * widget.js: `<script src=".../widget.js" data-agent-key="…" data-config='{…}' async>` puts the
 * agent's chat on any page. No framework, no iframe: a Shadow DOM keeps the host page's CSS out
 * and ours in.
 */
interface MountOptions {
  /** the agent's public key */
  agentKey: string;
  config?: unknown;
  /** render inside this element as a preview (dashboard), instead of floating on the page */
  target?: HTMLElement;
}

function makeHost(): HTMLElement {
  const host = document.createElement('agent-webchat');
  // Inline !important beats any !important rule of the host page's stylesheets.
  host.style.setProperty('all', 'initial', 'important');
  host.style.setProperty('display', 'block', 'important');
  return host;
}

function mount(options: MountOptions, scriptUrl = location.href) {
  const config = parseConfig(options.config, options.agentKey, scriptUrl);
  if (!config) {
    // Also what a snippet from before the keys (data-agent-id) gets: the public API no longer
    // answers agent ids, so showing a chat that cannot answer would be worse than none.
    console.warn('[agent-webchat] data-agent-key ausente ou inválido: copie o código de novo');
    return null;
  }
  const host = makeHost();
  let mode: Mode = 'floating';
  const container = config.containerId ? document.getElementById(config.containerId) : null;
  if (options.target) {
    mode = 'preview';
    options.target.append(host);
  } else if (container) {
    mode = 'inline';
    container.append(host);
  } else {
    document.body.append(host);
  }
  createWidget(host, config, mode);
  if (mode !== 'preview' && firstLoadThisSession(config.agentKey)) {
    announce(config.apiUrl, config.agentKey);
  }
  return { destroy: () => host.remove() };
}

declare global {
  interface Window {
    AgentWebchat?: { mount: typeof mount };
  }
}

window.AgentWebchat = { mount };

const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-agent-key][src*="widget"]');
const agentKey = script?.dataset.agentKey;
// The dashboard's preview loads this file without either attribute and mounts it itself.
if (script && (agentKey ?? script.dataset.agentId) !== undefined) {
  const start = () =>
    mount({ agentKey: agentKey ?? '', config: readJson(script.dataset.config) }, script.src);
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}
