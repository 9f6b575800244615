// The dashboard's charts, drawn as plain SVG and HTML (docs/decisions/060-signed-in-shells.md): bars of a few counts and one line
// of daily sign-ups need no charting library, and the one the dashboard had (recharts) was most of its
// code and most of its work on a phone.
import { formatCalendarDay, formatCount } from './format';

export type CountDatum = { label: string; count: number };

// The charts are pictures of numbers the page also gives as text (figcaptions and tables), so they are
// hidden from screen readers; they hold nothing to focus.
const INDIGO = '#4f46e5';
/** Room above a bar for its count, so the tallest bar's label stays inside the chart. */
const LABEL_ROOM = '1.25rem';

/** One bar per category, each labelled with its count, the category named under it. */
export function CountBarChart({ data }: { data: readonly CountDatum[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  return (
    <div aria-hidden="true" className="grid h-60 grid-rows-[1fr_auto] gap-2">
      <div className="flex items-end gap-3 border-b border-slate-300 px-2">
        {data.map((d) => (
          <div key={d.label} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
            <span className="text-xs font-medium text-slate-800 tabular-nums">{formatCount(d.count)}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 10 10"
              preserveAspectRatio="none"
              className="w-full max-w-16"
              // The bar's share of the tallest, in the height left under the labels.
              style={{ height: `calc((100% - ${LABEL_ROOM}) * ${d.count / max})` }}
            >
              <rect width="10" height="10" fill={INDIGO} />
            </svg>
          </div>
        ))}
      </div>
      <div className="flex gap-3 px-2">
        {data.map((d) => (
          <span key={d.label} className="min-w-0 flex-1 truncate text-center text-xs text-slate-600">
            {d.label}
          </span>
        ))}
      </div>
    </div>
  );
}

/** Sign-ups a day, oldest on the left; hovering a day names it and its count. */
export function SignupsChart({ data }: { data: readonly { date: string; count: number }[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  // x: the day's index; y: 0 at the top, 100 at the axis.
  const width = Math.max(1, data.length - 1);
  const points = data.map((d, i) => `${i},${100 - (d.count / max) * 100}`).join(' ');
  const ticks = data.length ? [data[0], data[Math.floor(data.length / 2)], data[data.length - 1]] : [];
  return (
    // The rows and columns may shrink below the SVG's own size (minmax(0, ...)): as a grid item with a
    // viewBox, the SVG would otherwise ask for its aspect ratio's height, which on a wide card is taller
    // than the chart, and it would spill over the caption below it.
    <div
      aria-hidden="true"
      className="grid h-60 grid-cols-[auto_minmax(0,1fr)] grid-rows-[minmax(0,1fr)_auto] gap-x-2 gap-y-1"
    >
      <div className="flex flex-col justify-between text-right text-xs text-slate-600 tabular-nums">
        <span>{formatCount(max)}</span>
        <span>0</span>
      </div>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        className="h-full min-h-0 w-full overflow-visible border-b border-slate-300"
      >
        <polygon points={`0,100 ${points} ${width},100`} fill={INDIGO} fillOpacity={0.15} />
        <polyline
          points={points}
          fill="none"
          stroke={INDIGO}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        {/* Each day's hover area, half a day either side of it, cut at the chart's ends. */}
        {data.map((d, i) => (
          <rect
            key={d.date}
            x={Math.max(0, i - 0.5)}
            width={Math.min(width, i + 0.5) - Math.max(0, i - 0.5)}
            height={100}
            fill="transparent"
          >
            <title>{`${formatCalendarDay(d.date, true)}: ${formatCount(d.count)} sign-ups`}</title>
          </rect>
        ))}
      </svg>
      <span />
      <div className="flex justify-between text-xs text-slate-600">
        {ticks.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a short day list may name one day twice
          <span key={i}>{d ? formatCalendarDay(d.date) : null}</span>
        ))}
      </div>
    </div>
  );
}
