import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: toasts stay 5000 ms unless told otherwise. */
export const TOAST_DURATION_MS = 5000;
/** More than this at once is noise; the oldest make way. */
export const MAX_VISIBLE_TOASTS = 4;

export type ToastVariant = 'default' | 'danger';

export interface ToastOptions {
  title?: string;
  message: string;
  variant?: ToastVariant;
  /** How long the toast stays; 0 keeps it until closed. */
  durationMs?: number;
  /** Shows the remaining time as a shrinking bar (spec §4). */
  countdown?: boolean;
}

interface Toast extends Required<Omit<ToastOptions, 'title'>> {
  id: string;
  title?: string;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show(toast: ToastOptions): string;
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((options: ToastOptions) => {
    counter += 1;
    const toast: Toast = {
      id: `toast-${counter}`,
      title: options.title,
      message: options.message,
      variant: options.variant ?? 'default',
      durationMs: options.durationMs ?? TOAST_DURATION_MS,
      countdown: options.countdown ?? false,
    };
    // Newest on top, next to where the eye already is.
    setToasts((current) => [toast, ...current].slice(0, MAX_VISIBLE_TOASTS));
    return toast.id;
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}

function ToastRegion({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  if (toasts.length === 0) return null;
  return (
    // Spec §9: top-end. Full width on a phone, a column at the end edge from `sm` up.
    <section
      aria-label={t('ui.toast.region')}
      className="pointer-events-none fixed inset-x-2 top-2 z-50 flex flex-col gap-2 sm:start-auto sm:end-4 sm:top-4 sm:w-96"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Reading takes longer for some: the time stops while the pointer or keyboard focus is on the toast.
  const paused = hovered || focused;
  const remaining = useRef(toast.durationMs);
  const bar = useRef<HTMLDivElement>(null);
  const timed = toast.durationMs > 0;

  useEffect(() => {
    if (!timed || paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [timed, paused, onDismiss, toast.id]);

  useEffect(() => {
    // Set from an effect: the Content-Security-Policy forbids inline styles in the HTML.
    if (bar.current) bar.current.style.animationDuration = `${toast.durationMs}ms`;
  }, [toast.durationMs]);

  const danger = toast.variant === 'danger';
  return (
    <div
      role={danger ? 'alert' : 'status'}
      aria-atomic="true"
      className={`toast pointer-events-auto flex items-start gap-3 py-3 ps-4 pe-2 ${danger ? 'toast-danger' : ''}`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="min-w-0 flex-1 pt-1">
        {toast.title ? <p className="font-bold">{toast.title}</p> : null}
        <p className="break-words">{toast.message}</p>
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-sm shrink-0 px-2"
        aria-label={t('ui.toast.close')}
        onClick={() => onDismiss(toast.id)}
      >
        <svg className="size-5" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
        </svg>
      </button>
      {toast.countdown && timed ? (
        <div ref={bar} className={`toast-countdown ${paused ? 'is-paused' : ''}`} aria-hidden="true" />
      ) : null}
    </div>
  );
}
