import type { ReactNode } from 'react';

/** A message about a whole form (not one field), read out as soon as it appears. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="form-alert">
      {children}
    </p>
  );
}
