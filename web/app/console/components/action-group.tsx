import type { ReactNode } from 'react';

/** The buttons that act on one row of a console list, named after the row for a screen reader's list of groups. */
export function ActionGroup({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="group" aria-label={label} className={`flex flex-wrap gap-2 ${className}`}>
      {children}
    </div>
  );
}
