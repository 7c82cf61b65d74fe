/**
 * Puts text on the clipboard. The async Clipboard API needs a secure context; on plain http (a
 * self-hosted install on the LAN) the older selection-based copy still works.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && typeof navigator.clipboard?.writeText === 'function') {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated but the only synchronous fallback outside secure contexts.
    if (!document.execCommand('copy')) throw new Error('copy command refused');
  } finally {
    area.remove();
  }
}
