import { create } from 'zustand';

export type ToastTone = 'info' | 'success' | 'error' | 'warning';
export type Toast = {
  id: number;
  tone: ToastTone;
  message: string;
  action?: { label: string; run: () => void };
  /** ms; 0 keeps it until dismissed. */
  duration: number;
};

type ToastState = {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id' | 'duration'> & { duration?: number }): number;
  dismiss(id: number): void;
};

let nextId = 1;

export const TOAST_MS = 5_000;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(toast) {
    const id = nextId++;
    const duration = toast.duration ?? TOAST_MS;
    set((state) => ({ toasts: [...state.toasts.slice(-3), { ...toast, id, duration }] }));
    if (duration > 0) setTimeout(() => get().dismiss(id), duration);
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

/** Shorthands: toast.success('Login successful!') */
export const toast = {
  success: (message: string, duration?: number) => useToasts.getState().show({ tone: 'success', message, duration }),
  error: (message: string, duration?: number) => useToasts.getState().show({ tone: 'error', message, duration }),
  warning: (message: string, duration?: number) => useToasts.getState().show({ tone: 'warning', message, duration }),
  info: (message: string, duration?: number) => useToasts.getState().show({ tone: 'info', message, duration }),
};
