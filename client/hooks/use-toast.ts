import { useEffect, useState, type ReactNode } from 'react';
import type { ToastActionElement, ToastProps } from '@/components/ui/toast';

/** At most one toast visible at a time. */
export const TOAST_LIMIT = 1;
/** Toasts close after 5000 ms. */
export const TOAST_DURATION_MS = 5000;
// How long a dismissed toast stays mounted so Radix can finish its exit.
const TOAST_REMOVE_DELAY_MS = 1000;

export interface ToasterToast extends Omit<ToastProps, 'title'> {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
}

export type ToastInput = Omit<ToasterToast, 'id'>;

interface State {
  toasts: ToasterToast[];
}

let count = 0;
let memoryState: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State): void {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string): void {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimeouts.set(id, timeout);
}

export function dismissToast(id?: string): void {
  for (const t of memoryState.toasts) {
    if (id === undefined || t.id === id) scheduleRemoval(t.id);
  }
  setState({
    toasts: memoryState.toasts.map((t) =>
      id === undefined || t.id === id ? { ...t, open: false } : t,
    ),
  });
}

/** Shows a toast; callable from anywhere (event handlers, mutation callbacks). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  const dismiss = () => dismissToast(id);
  const next: ToasterToast = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
    },
  };
  setState({ toasts: [next, ...memoryState.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss };
}

export function useToast(): State & { toast: typeof toast; dismiss: typeof dismissToast } {
  const [state, setLocal] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setLocal);
    return () => {
      listeners.delete(setLocal);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}
