export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser: feed it decoded chunks as they arrive and it returns
 * the events completed so far. Comments and events without data are skipped.
 * https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */
export function createSseParser(): (chunk: string) => SseEvent[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    const events: SseEvent[] = [];
    let boundary = buffer.search(/\r?\n\r?\n/);
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary).replace(/^\r?\n\r?\n/, '');
      const parsed = parseBlock(block);
      if (parsed) events.push(parsed);
      boundary = buffer.search(/\r?\n\r?\n/);
    }
    return events;
  };
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
}
