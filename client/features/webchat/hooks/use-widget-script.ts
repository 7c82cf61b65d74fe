import { useEffect, useState } from 'react';

/** What widget.js puts on `window` (see widget/src/main.ts). */
export interface WidgetApi {
  mount(options: { agentKey: string; config: unknown; target: HTMLElement }): {
    destroy(): void;
  } | null;
}

const loads = new Map<string, Promise<WidgetApi>>();

function loadWidget(src: string): Promise<WidgetApi> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<WidgetApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const api = (window as unknown as { AgentWebchat?: WidgetApi }).AgentWebchat;
        if (api) resolve(api);
        else reject(new Error('widget.js did not start'));
      };
      script.onerror = () => reject(new Error('widget.js failed to load'));
      document.head.append(script);
    });
    load.catch(() => loads.delete(src));
    loads.set(src, load);
  }
  return load;
}

/** Loads the real widget script once per page (same origin, so the app's CSP allows it). */
export function useWidgetScript(src: string | undefined) {
  const [state, setState] = useState<{ src?: string; api?: WidgetApi; failed?: boolean }>({});
  useEffect(() => {
    if (!src) return;
    let live = true;
    loadWidget(src).then(
      (api) => live && setState({ src, api }),
      () => live && setState({ src, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [src]);
  return state.src === src ? state : {};
}
