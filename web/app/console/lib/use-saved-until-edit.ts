import { useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/** "Saved" beside a form's button, until the next edit makes it stale. */
export function useSavedUntilEdit<Values extends FieldValues>(watch: UseFormWatch<Values>) {
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const subscription = watch(() => setSaved(false));
    return () => subscription.unsubscribe();
  }, [watch]);
  return [saved, setSaved] as const;
}
