import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';

type Filters<Name extends string> = Record<Name, string>;

/**
 * A list's filters as the address bar keeps them, so a filtered view survives a reload, the way
 * back and a shared link. `show` keeps only what is filled in (and any extra, such as the page).
 */
export function useFiltersInUrl<Name extends string>(
  names: readonly Name[],
): [Filters<Name>, (next: Record<string, string>) => void, URLSearchParams] {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Filters<Name>;
  const show = (next: Record<string, string>) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== '')));
  return [filters, show, params];
}

/** The props that tie one filter field to the form's draft. */
export interface FilterFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The filter form of a console list: fields edit a draft, the list changes only on apply, and
 * clear empties every filter at once. `children` lays out the fields, each bound by `field(name)`.
 */
export function FilterForm<Name extends string>({
  label,
  filters,
  onApply,
  applyLabel,
  clearLabel,
  className,
  children,
}: {
  label: string;
  filters: Filters<Name>;
  onApply: (filters: Filters<Name>) => void;
  applyLabel: string;
  clearLabel: string;
  /** The grid of the fields and the buttons. */
  className: string;
  children: (field: (name: Name) => FilterFieldProps) => ReactNode;
}) {
  const [draft, setDraft] = useState(filters);
  const field = (name: Name): FilterFieldProps => ({
    name,
    value: draft[name],
    onChange: (value) => setDraft((current) => ({ ...current, [name]: value })),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };
  const cleared = Object.fromEntries(Object.keys(filters).map((name) => [name, ''])) as Filters<Name>;

  return (
    <form onSubmit={submit} aria-label={label} className={className}>
      {children(field)}
      <div className="flex gap-2">
        <Button type="submit">{applyLabel}</Button>
        <Button variant="ghost" onClick={() => onApply(cleared)}>
          {clearLabel}
        </Button>
      </div>
    </form>
  );
}
