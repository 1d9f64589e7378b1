import type { ReactNode } from 'react';

/**
 * A console list as a table that scrolls sideways inside its box, not the page, on a narrow
 * screen. `className` sets the least width (`min-w-[40rem]`) and the text size; the caption names
 * the table, as a heading of its own where the page has several.
 */
export function ConsoleTable({
  caption,
  captionShown = false,
  columns,
  className,
  children,
}: {
  caption: string;
  captionShown?: boolean;
  columns: readonly string[];
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-left ${className}`}>
        <caption className={captionShown ? 'heading text-start text-xl' : 'sr-only'}>{caption}</caption>
        <thead className="border-b border-line text-sm text-ink-muted">
          <tr>
            {/* The columns are fixed: their place is their identity (two names may read alike in a language). */}
            {columns.map((column, index) => (
              <th key={index} scope="col" className="py-2 pe-3 last:pe-0">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
