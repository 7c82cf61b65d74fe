import {
  ChatError,
  fetchHistory,
  listenForPerson,
  streamChat,
  type ChatDone,
  type VisitorMessage,
} from './api';
import type { WidgetConfig } from './config';
import { parseMessage, type Inline } from './format';
import { css } from './styles';
import { hasTalked, rememberOpen, rememberTalked, visitorId, wasOpen } from './storage';

export type Mode = 'floating' | 'inline' | 'preview';

const SEND_ICON = 'M2 21l21-9L2 3v7l15 2-15 2z';
const CHAT_ICON = 'M4 4h16a2 2 0 012 2v10a2 2 0 01-2 2H8l-4 4V6a2 2 0 012-2z';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function icon(path: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const p = document.createElementNS(ns, 'path');
  p.setAttribute('d', path);
  svg.append(p);
  return svg;
}

function inline(parts: Inline[]): Node[] {
  return parts.map((part) => {
    if (part.kind === 'text') return document.createTextNode(part.text);
    if (part.kind === 'link') {
      const a = el('a', { href: part.href, target: '_blank', rel: 'noopener noreferrer nofollow' });
      a.textContent = part.text;
      return a;
    }
    return el(
      part.kind === 'bold' ? 'strong' : part.kind === 'italic' ? 'em' : 'code',
      {},
      part.text,
    );
  });
}

/** Model text → DOM built node by node (never innerHTML). */
export function renderText(target: HTMLElement, text: string) {
  target.replaceChildren();
  for (const block of parseMessage(text)) {
    if (block.kind === 'list') {
      const ul = el('ul');
      ul.replaceChildren(
        ...block.items.map((item) => {
          const li = el('li');
          li.append(...inline(item));
          return li;
        }),
      );
      target.append(ul);
    } else {
      const p = el('p');
      block.lines.forEach((line, i) => {
        if (i > 0) p.append(el('br'));
        p.append(...inline(line));
      });
      target.append(p);
    }
  }
}

const ERROR_TEXT: Record<string, keyof WidgetConfig['texts']> = {
  WEBCHAT_AGENT_UNAVAILABLE: 'unavailable',
  WEBCHAT_AGENT_NOT_FOUND: 'unavailable',
  WEBCHAT_ORIGIN_REFUSED: 'originRefused',
  WEBCHAT_RATE_LIMITED: 'rateLimited',
  RATE_LIMITED: 'rateLimited',
  TOO_LONG: 'tooLong',
};

/**
 * A constructed style sheet is not an inline style, so a host page whose Content-Security-Policy
 * forbids 'unsafe-inline' styles still shows the widget styled; a <style> element where the
 * browser has no constructable sheets (Safari before 16.4).
 */
function applyStyles(root: ShadowRoot, text: string) {
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(el('style', {}, text));
  }
}

/** Builds the widget in a shadow root under `host` and wires its behaviour. */
export function createWidget(host: HTMLElement, c: WidgetConfig, mode: Mode) {
  const root = host.attachShadow({ mode: 'open' });
  applyStyles(root, css(c));
  const box = el('div', {
    class: `r ${mode === 'floating' ? 'fl' : mode === 'preview' ? 'pv' : 'in'}`,
  });
  root.append(box);
  const T = c.texts;

  const panel = el('section', { class: 'pn', role: 'dialog', 'aria-labelledby': 'wc-t' });
  const header = el('header', { class: 'hd' });
  const titles = el('div');
  titles.append(el('h2', { id: 'wc-t' }, c.title));
  if (c.subtitle) titles.append(el('p', {}, c.subtitle));
  header.append(titles);
  const log = el('div', { class: 'lg', role: 'log', 'aria-live': 'polite', 'aria-label': c.title });
  const form = el('form', { class: 'f' });
  const input = el('textarea', {
    class: 'ta',
    id: 'wc-in',
    rows: '1',
    placeholder: c.placeholder,
    maxlength: '2000',
  });
  const send = el('button', { class: 'sd', type: 'submit', 'aria-label': T.send });
  send.append(icon(SEND_ICON));
  form.append(el('label', { class: 'sr', for: 'wc-in' }, T.inputLabel), input, send);
  panel.append(header, log, form);
  if (c.whatsappNumber) {
    const wa = el(
      'a',
      {
        class: 'wa',
        href: `https://wa.me/${c.whatsappNumber}`,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      T.whatsapp,
    );
    panel.insertBefore(wa, form);
  }

  let launcher: HTMLButtonElement | null = null;
  if (mode !== 'inline') {
    const close = el('button', { class: 'x', type: 'button', 'aria-label': T.close }, '×');
    header.append(close);
    launcher = el('button', {
      class: 'ln',
      type: 'button',
      'aria-label': T.open,
      'aria-expanded': 'false',
      'aria-controls': 'wc-p',
    });
    panel.id = 'wc-p';
    launcher.append(icon(CHAT_ICON));
    box.append(panel, launcher);
    close.addEventListener('click', () => setOpen(false));
    launcher.addEventListener('click', () => setOpen(panel.hidden));
    panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') setOpen(false);
    });
  } else {
    box.append(panel);
  }

  const visitor = visitorId();
  let loaded = false;
  let busy = false;

  /** The newest message the history showed: the live channel starts after it. */
  let newest: string | null = null;
  let stopListening: (() => void) | null = null;

  /** A person's message: labelled, with its file's link when it has one. */
  function personBubble(m: VisitorMessage) {
    const node = el('div', { class: 'm a h' });
    node.append(el('p', { class: 'w' }, T.person));
    if (m.content) {
      const body = el('div');
      renderText(body, m.content);
      node.append(body);
    }
    if (m.file) {
      node.append(
        el(
          'a',
          {
            class: 'fi',
            href: `${c.apiUrl}${m.file.path}`,
            target: '_blank',
            rel: 'noopener noreferrer',
          },
          `${T.file}: ${m.file.name}`,
        ),
      );
    }
    log.append(node);
    log.scrollTop = log.scrollHeight;
  }

  function showMessage(m: VisitorMessage) {
    if (m.role === 'person') personBubble(m);
    else bubble(m.role === 'user' ? 'u' : 'a', m.content);
  }

  /** Once the visitor has a conversation, a person's replies reach this widget live. */
  function listen() {
    if (stopListening || mode === 'preview') return;
    stopListening = listenForPerson(c.apiUrl, c.agentKey, visitor, newest, showMessage);
  }

  function bubble(kind: 'a' | 'u' | 'e', text?: string) {
    const node = el('div', { class: `m ${kind}` });
    if (kind === 'e') node.setAttribute('role', 'alert');
    if (text !== undefined) {
      if (kind === 'a') renderText(node, text);
      else node.textContent = text;
    }
    log.append(node);
    log.scrollTop = log.scrollHeight;
    return node;
  }

  function failure(err: unknown) {
    const f = err instanceof ChatError ? err.failure : { code: 'NETWORK', message: '' };
    const key = ERROR_TEXT[f.code];
    bubble('e', key ? T[key] : f.code === 'NETWORK' || !f.message ? T.failed : f.message);
  }

  async function load() {
    if (loaded) return;
    loaded = true;
    if (c.greeting) bubble('a', c.greeting);
    if (!hasTalked(c.agentKey)) return;
    try {
      const history = await fetchHistory(c.apiUrl, c.agentKey, visitor);
      for (const m of history.messages) showMessage(m);
      newest = history.cursor;
      listen();
    } catch (err) {
      failure(err);
    }
  }

  function setOpen(open: boolean) {
    if (!launcher) return;
    panel.hidden = !open;
    box.classList.toggle('o', open);
    launcher.setAttribute('aria-expanded', String(open));
    launcher.setAttribute('aria-label', open ? T.close : T.open);
    if (mode === 'floating') rememberOpen(c.agentKey, open);
    if (open) {
      void load();
      input.focus();
    } else launcher.focus();
  }

  async function submit() {
    const message = input.value.trim();
    if (!message || busy) return;
    busy = true;
    send.disabled = true;
    input.value = '';
    bubble('u', message);
    const typing = el('div', { class: 'm t', role: 'status', 'aria-label': T.typing });
    typing.append(el('i'), el('i'), el('i'));
    log.append(typing);
    log.scrollTop = log.scrollHeight;
    let answer: HTMLDivElement | null = null;
    let text = '';
    try {
      const done: ChatDone = await streamChat(c.apiUrl, c.agentKey, visitor, message, (delta) => {
        if (!answer) {
          typing.remove();
          answer = bubble('a');
          answer.setAttribute('aria-busy', 'true');
        }
        text += delta;
        answer.textContent = text;
        log.scrollTop = log.scrollHeight;
      });
      rememberTalked(c.agentKey);
      listen();
      typing.remove();
      // A person answers this conversation: the message is kept, and no reply comes now.
      if (!answer && !done.response) return;
      const final = answer ?? bubble('a');
      final.removeAttribute('aria-busy');
      renderText(final, done.response);
      if (done.citations.length > 0) {
        const names = [...new Set(done.citations.map((x) => x.source))];
        final.append(el('p', { class: 's' }, `${T.sources}: ${names.join('; ')}`));
      }
    } catch (err) {
      typing.remove();
      failure(err);
    } finally {
      busy = false;
      send.disabled = false;
      log.scrollTop = log.scrollHeight;
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void submit();
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void submit();
    }
  });

  if (mode === 'inline') void load();
  else setOpenInitial();

  function setOpenInitial() {
    const open = mode === 'preview' || wasOpen(c.agentKey);
    panel.hidden = !open;
    box.classList.toggle('o', open);
    launcher!.setAttribute('aria-expanded', String(open));
    launcher!.setAttribute('aria-label', open ? T.close : T.open);
    if (open) void load();
  }
}
