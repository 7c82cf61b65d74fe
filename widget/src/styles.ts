import type { WidgetConfig } from './config';

/**
 * The widget's CSS, inside its shadow root. Only checked values (hex colours, clamped numbers)
 * are interpolated.
 */
export function css(c: WidgetConfig): string {
  const side = c.position === 'bottom-left' ? 'left' : 'right';
  return `
.r{--p:${c.primaryColor};--a:${c.accentColor};--rad:${c.borderRadius}px;all:initial;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937;box-sizing:border-box}
.r *{box-sizing:border-box;font:inherit;color:inherit;margin:0;padding:0;border:0;background:none;letter-spacing:normal;text-transform:none}
.fl{position:fixed;bottom:20px;${side}:20px;z-index:2147483000;display:flex;flex-direction:column;align-items:flex-${side === 'left' ? 'start' : 'end'};gap:12px}
.pv{position:absolute;inset:16px;display:flex;flex-direction:column;justify-content:flex-end;align-items:flex-${side === 'left' ? 'start' : 'end'};gap:12px}
.ln{width:60px;height:60px;border-radius:50%;background:var(--p);color:var(--a);cursor:pointer;display:flex;align-items:center;justify-content:center;box-shadow:0 6px 20px rgba(0,0,0,.25)}
.ln svg,.sd svg{width:28px;height:28px;fill:currentColor}
.sd svg{width:20px;height:20px}
button:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid var(--a);outline-offset:2px}
.pn{width:min(${c.width}px,calc(100vw - 40px));height:min(${c.height}px,calc(100vh - 110px));background:#fff;border-radius:var(--rad);box-shadow:0 12px 40px rgba(0,0,0,.25);display:flex;flex-direction:column;overflow:hidden}
.pn[hidden]{display:none}
.pv .pn{height:auto;flex:0 1 ${c.height}px;min-height:0;max-width:100%}
.in .pn{width:100%;height:${c.height}px;box-shadow:0 0 0 1px #e5e7eb}
.hd{background:var(--p);color:#fff;padding:14px 16px;display:flex;gap:12px;align-items:center}
.hd div{flex:1;min-width:0}
.wa{display:block;text-align:center;padding:8px;font-size:13px;font-weight:600;color:#128c4b;text-decoration:underline}
.hd h2{font-weight:700;font-size:16px}
.hd p{opacity:.85;font-size:12px}
.x{width:32px;height:32px;border-radius:50%;cursor:pointer;color:#fff;font-size:22px;line-height:1}
.x:hover{background:rgba(255,255,255,.15)}
.lg{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:10px;background:#f6f7f9}
.m{max-width:85%;padding:9px 12px;border-radius:calc(var(--rad) * .75);white-space:normal;overflow-wrap:anywhere;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.m.u{align-self:flex-end;background:var(--p);color:#fff}
.m.e{align-self:center;background:#fef2f2;color:#991b1b;border:1px solid #fecaca;text-align:center}
.m p+p,.m p+ul,.m ul+p{margin-top:6px}
.m ul{padding-left:18px;list-style:disc}
.m strong{font-weight:700}.m em{font-style:italic}
.m code{font-family:ui-monospace,Menlo,monospace;background:rgba(0,0,0,.06);padding:0 3px;border-radius:3px}
.m a{color:#0b63c5;text-decoration:underline}
.m.u a{color:inherit}
.s{margin-top:6px;font-size:11px;color:#6b7280}
.m.h{border-left:3px solid var(--p)}
.w{font-size:11px;font-weight:700;color:#374151;margin-bottom:2px}
.fi{display:inline-block;margin-top:4px;color:#0b63c5;text-decoration:underline}
.t{display:flex;gap:4px;padding:12px}
.t i{width:7px;height:7px;border-radius:50%;background:#9ca3af;animation:b 1s infinite}
.t i:nth-child(2){animation-delay:.15s}.t i:nth-child(3){animation-delay:.3s}
@keyframes b{0%,80%,100%{opacity:.3}40%{opacity:1}}
.f{display:flex;gap:8px;padding:10px;border-top:1px solid #e5e7eb;background:#fff}
.ta{flex:1;resize:none;max-height:120px;padding:9px 12px;border:1px solid #d1d5db;border-radius:calc(var(--rad) * .75);background:#fff;color:#111827}
.sd{width:40px;height:40px;border-radius:50%;background:var(--a);color:var(--p);cursor:pointer;display:flex;align-items:center;justify-content:center;align-self:flex-end}
.sd:disabled{opacity:.5;cursor:default}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){.fl .pn{position:fixed;inset:0;width:100%;height:100%;border-radius:0}.fl.o .ln{display:none}}
@media (prefers-reduced-motion:reduce){.t i{animation:none}}
`;
}
