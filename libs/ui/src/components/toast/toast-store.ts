import { useSyncExternalStore, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

/** The spec's toast rules: one on screen at a time; a dismissed one is dropped after 1,000,000 ms. */
export const toastLimits = { visible: 1, removeDelayMs: 1_000_000 } as const;

let toasts: readonly ToastItem[] = [];
let lastId = 0;
const listeners = new Set<() => void>();
const pendingRemovals = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/** Shows a toast (replacing the one on screen); returns handles to change or dismiss it later. */
export function toast(input: ToastInput) {
  lastId += 1;
  const id = String(lastId);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, toastLimits.visible));
  return {
    id,
    update: (changes: ToastInput) => updateToast(id, changes),
    dismiss: () => dismissToast(id),
  };
}

export function updateToast(id: string, changes: ToastInput): void {
  publish(toasts.map((item) => (item.id === id ? { ...item, ...changes } : item)));
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((item) => id === undefined || item.id === id);
  closing.forEach((item) => scheduleRemoval(item.id));
  publish(toasts.map((item) => (closing.includes(item) ? { ...item, open: false } : item)));
}

export function removeToast(id: string): void {
  clearTimeout(pendingRemovals.get(id));
  pendingRemovals.delete(id);
  publish(toasts.filter((item) => item.id !== id));
}

function scheduleRemoval(id: string): void {
  if (pendingRemovals.has(id)) return;
  pendingRemovals.set(id, setTimeout(() => removeToast(id), toastLimits.removeDelayMs));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentToasts = () => toasts;

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, currentToasts, currentToasts);
}
