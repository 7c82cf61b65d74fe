import { parseConfig, readJson } from './config';
import { createWidget, type Mode } from './ui';

/**
 * widget.js: `<script src=".../widget.js" data-agent-id="12" data-config='{…}' async>` puts the
 * agent's chat on any page. No framework, no iframe: a Shadow DOM keeps the host page's CSS out
 * and ours in.
 */
interface MountOptions {
  agentId: number | string;
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
  const config = parseConfig(options.config, options.agentId, scriptUrl);
  if (!config) {
    console.warn('[agent-webchat] data-agent-id ausente ou inválido');
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
  document.querySelector<HTMLScriptElement>('script[data-agent-id][src*="widget"]');
const agentId = script?.dataset.agentId;
if (script && agentId) {
  const start = () => mount({ agentId, config: readJson(script.dataset.config) }, script.src);
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}
