import type { ReactNode } from 'react';

/** What went right last, beside the button that did it; the live region is there from the start so it is announced. */
export function DoneStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="font-semibold">
      {children}
    </p>
  );
}
