import { useId, type ReactNode, type Ref } from 'react';

export interface SectionProps {
  title: ReactNode;
  intro?: ReactNode;
  /** Lets a section move focus to its heading, e.g. after the focused control (a removed photo) went away. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** For a link to the section (`#id`), as a mail's link to one part of the account page. */
  id?: string;
  children: ReactNode;
}

/** One card of a page made of several (the profile editor, a console page), a landmark named by its heading. */
export function Section({ title, intro, headingRef, id, children }: SectionProps) {
  const headingId = useId();
  return (
    <section id={id} className="card space-y-4 p-4 sm:p-5" aria-labelledby={headingId}>
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
