export interface Bar {
  label: string;
  value: number;
}

const HEIGHT = 120;
const GAP = 2;

/**
 * One figure per day as bars, for seeing a trend at a glance. The chart is a picture with its
 * title and highest day as its name; the table below it holds every number for reading.
 */
export function BarChart({
  title,
  bars,
  format,
}: {
  title: string;
  bars: readonly Bar[];
  format: (value: number) => string;
}) {
  const highest = bars.reduce<Bar | undefined>(
    (best, bar) => (best && best.value >= bar.value ? best : bar),
    undefined,
  );
  const max = Math.max(highest?.value ?? 0, 1);
  const width = Math.max(bars.length, 1) * 10;
  const summary = highest && highest.value > 0 ? `${title}: ${highest.label}, ${format(highest.value)}` : title;
  return (
    <figure className="card min-w-0 space-y-2 p-3">
      <figcaption className="font-semibold">{title}</figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full"
      >
        {bars.map((bar, index) => {
          const height = (bar.value / max) * HEIGHT;
          return (
            <rect
              key={bar.label}
              x={index * 10 + GAP / 2}
              y={HEIGHT - height}
              width={10 - GAP}
              height={height}
              className="fill-current text-brand"
            >
              <title>{`${bar.label}: ${format(bar.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <p className="flex justify-between text-xs text-ink-muted" aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </p>
    </figure>
  );
}
