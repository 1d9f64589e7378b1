import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width, e.g. the main action of a form on a phone. */
  block?: boolean;
}

/** The classes of a button, for the rare element that must look like one without being `Button`. */
export function buttonClassName(
  { variant = 'primary', size = 'md', block = false }: ButtonLook,
  extra?: string,
): string {
  return ['btn', `btn-${variant}`, `btn-${size}`, block ? 'w-full' : '', extra ?? ''].filter(Boolean).join(' ');
}

export type ButtonProps = ComponentPropsWithRef<'button'> &
  ButtonLook & {
    /** Shows a spinner, marks the button busy and disables it, so a form cannot be sent twice (spec §4). */
    loading?: boolean;
  };

export function Button({
  variant,
  size,
  block,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  // Until the app takes the page over, a tap on a button it handles would be lost, and a form the
  // server rendered would be sent by the browser itself: a GET with every field, a password too,
  // in the address. Both wait, visibly, the moment it takes to hydrate.
  const hydrated = useHydrated();
  const actsTooEarly = !hydrated && (type === 'submit' || rest.onClick !== undefined);
  return (
    <button
      {...rest}
      // A button inside a form only submits when asked to: `type="submit"`.
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || loading || actsTooEarly}
      aria-busy={loading || undefined}
    >
      {loading ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export type ButtonLinkProps = LinkProps & ButtonLook;

/** A React Router link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClassName({ variant, size, block }, className)} />;
}
