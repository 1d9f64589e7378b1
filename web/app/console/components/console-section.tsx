import { useId, type ReactNode, type Ref } from 'react';

/** One card of a console page, a landmark named by its heading. */
export function ConsoleSection({
  title,
  intro,
  headingRef,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  /** Lets the section move focus to its heading, e.g. after the focused control went away. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="card space-y-4 p-4 sm:p-5" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="heading text-xl focus:outline-none">
          {title}
        </h2>
        {intro ? <p className="mt-1 text-ink-muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** What went right last, beside the button that did it; the live region is there from the start so it is announced. */
export function DoneStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="font-semibold">
      {children}
    </p>
  );
}
