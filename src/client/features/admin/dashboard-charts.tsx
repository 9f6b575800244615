// The dashboard's charts. recharts is imported here and nowhere else, so it loads with the admin
// dashboard only (design.md section 8: no admin code in the public pages).
import { Area, AreaChart, Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDay } from './format';

export type CountDatum = { label: string; count: number };

// The charts are pictures of numbers the page also gives as text (figcaptions and tables), so they are
// hidden from screen readers and kept out of the tab order (recharts' accessibility layer is off).
const INDIGO = '#4f46e5';
const AXIS = { fontSize: 12, fill: '#475569' };
const HEIGHT = 240;

/** One bar per category, each labelled with its count, the category named on the axis. */
export function CountBarChart({ data }: { data: readonly CountDatum[] }) {
  return (
    <div aria-hidden="true">
      <BarChart
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: HEIGHT }}
        data={data as CountDatum[]}
        margin={{ top: 24, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} />
        <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={48} />
        <Bar dataKey="count" name="Users" fill={INDIGO} radius={[4, 4, 0, 0]} maxBarSize={64}>
          <LabelList dataKey="count" position="top" fill="#1e293b" fontSize={12} />
        </Bar>
      </BarChart>
    </div>
  );
}

/** Sign-ups a day, oldest on the left. */
export function SignupsChart({ data }: { data: readonly { date: string; count: number }[] }) {
  return (
    <div aria-hidden="true">
      <AreaChart
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: HEIGHT }}
        data={data as { date: string; count: number }[]}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis
          dataKey="date"
          tick={AXIS}
          tickLine={false}
          axisLine={{ stroke: '#cbd5e1' }}
          tickFormatter={(day: string) => formatCalendarDay(day)}
          minTickGap={24}
        />
        <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={48} />
        <Tooltip
          labelFormatter={(day) => formatCalendarDay(String(day), true)}
          formatter={(value) => [value, 'Sign-ups']}
        />
        <Area
          type="monotone"
          dataKey="count"
          name="Sign-ups"
          stroke={INDIGO}
          strokeWidth={2}
          fill={INDIGO}
          fillOpacity={0.15}
        />
      </AreaChart>
    </div>
  );
}
