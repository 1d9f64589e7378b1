import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../ui/button';

export interface SubmitRowProps {
  variant?: ButtonProps['variant'];
  busy: boolean;
  /** The button's text. */
  children: ReactNode;
  /** The confirmation after a send that went through; null before. */
  done: string | null;
}

/** A form's submit button with the line that confirms the send, for forms that stay on the page. */
export function SubmitRow({ variant, busy, children, done }: SubmitRowProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <Button type="submit" variant={variant} loading={busy}>
        {children}
      </Button>
      {/* Present from the start, so the confirmation is announced when it appears. */}
      <p role="status" className={done ? 'form-notice basis-full' : 'basis-full'}>
        {done}
      </p>
    </div>
  );
}
