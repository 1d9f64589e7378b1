import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

export type ModalSize = 'default' | 'large';

export interface ModalProps {
  open: boolean;
  /** Called for the close button, Escape, a click on the backdrop and any other close request. */
  onClose: () => void;
  title: ReactNode;
  /** `large` nearly fills a phone and is wide on a desktop (e.g. the terms from the sign-up form). */
  size?: ModalSize;
  children: ReactNode;
  /** Actions, shown under the scrolling content. */
  footer?: ReactNode;
  className?: string;
}

const SIZE_CLASSES: Record<ModalSize, string> = {
  default: 'w-[calc(100%-2rem)] max-w-lg max-h-[calc(100dvh-2rem)]',
  large:
    'w-[calc(100%-1rem)] h-[calc(100dvh-1rem)] max-w-5xl max-h-[calc(100dvh-1rem)] sm:w-[calc(100%-4rem)] sm:h-[calc(100dvh-4rem)] sm:max-h-[calc(100dvh-4rem)]',
};

/**
 * A modal on the native `<dialog>`: `showModal()` gives the top layer, the focus trap,
 * the inert page behind it and Escape. The parent owns `open`; every way of closing
 * goes through `onClose`, so the dialog never closes behind the parent's back.
 */
export function Modal({ open, onClose, title, size = 'default', children, footer, className }: ModalProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // close() gives the focus back to what had it before; a parent that takes the modal away
  // while open (rather than closing it) would leave the focus nowhere, so the modal closes first.
  // A layout cleanup runs while the dialog is still in the page.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Handled here rather than left to the browser so the parent's state decides.
    event.preventDefault();
    onClose();
  };

  // The backdrop is the dialog element itself: the content fills the box, so a press that
  // starts and ends on the dialog is outside the content. Starting inside (selecting text)
  // and releasing outside does not close.
  const handlePointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
    pressedOnBackdrop.current = false;
  };

  return (
    // The dialog is interactive: Escape is the keyboard way to what a click on its backdrop does.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={['modal', SIZE_CLASSES[size], className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
      onPointerDown={handlePointerDown}
      onClick={handleClick}
      onCancel={(event) => {
        // A close request other than Escape (e.g. Android's back gesture).
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (e.g. a form with method="dialog") while the parent still says open.
        if (open) onClose();
      }}
    >
      {open ? (
        <div className="flex h-full max-h-[inherit] flex-col">
          <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
            <h2 id={titleId} className="heading text-xl sm:text-2xl">
              {title}
            </h2>
            <button
              type="button"
              className="btn btn-ghost btn-sm -me-2 -mt-1 shrink-0 px-2"
              aria-label={t('ui.modal.close')}
              onClick={onClose}
            >
              <svg className="size-6" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-3 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
