// The geometry of the report's line charts, in PDF points: a y axis with round ticks that fits the data (not
// forced to 0, so a change of 20 pages on 2,800 is visible; the tick labels say where the axis starts), one x
// step per day, and a line broken where a day has no snapshot.

export type ChartPoint = { date: string; value: number | null };
export type ChartGeometry = {
  ticks: { value: number; y: number }[];
  /** Runs of consecutive days with a value, as "x,y x,y" polyline point lists. */
  segments: string[];
  /** Single days between gaps, drawn as dots. */
  dots: { x: number; y: number }[];
  xOf: (index: number) => number;
};

const STEPS = [1, 2, 2.5, 5, 10];

/** A round step that splits `span` into about `count` intervals. */
export function niceStep(span: number, count = 4): number {
  if (span <= 0) return 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((s) => s * mag >= raw)! * mag;
  return Math.max(1, step);
}

/** Axis bounds with round ticks around the data; a flat series gets a band around its value. */
export function niceAxis(values: number[], count = 4): { min: number; max: number; step: number } {
  if (!values.length) return { min: 0, max: count, step: 1 };
  let lo = Math.min(...values), hi = Math.max(...values);
  if (lo === hi) { lo = Math.max(0, lo - 2); hi = hi + 2; }
  const step = niceStep(hi - lo, count);
  const min = Math.max(0, Math.floor(lo / step) * step);
  const max = Math.ceil(hi / step) * step;
  return { min, max: max === min ? min + step : max, step };
}

/** The plot area is `box` (x, y of its top-left corner) inside the drawing. */
export function chartGeometry(points: ChartPoint[], box: { x: number; y: number; width: number; height: number }): ChartGeometry {
  const { x, y, width, height } = box;
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  const axis = niceAxis(values);
  const yOf = (v: number) => y + height - ((v - axis.min) / (axis.max - axis.min)) * height;
  const xOf = (i: number) => x + (points.length <= 1 ? width / 2 : (i / (points.length - 1)) * width);
  const ticks = [];
  for (let v = axis.min; v <= axis.max + axis.step / 2; v += axis.step) ticks.push({ value: v, y: yOf(v) });
  const segments: string[] = [];
  const dots: { x: number; y: number }[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length === 1) { const [cx, cy] = run[0].split(",").map(Number); dots.push({ x: cx, y: cy }); }
    if (run.length > 1) segments.push(run.join(" "));
    run = [];
  };
  points.forEach((p, i) => {
    if (p.value === null) return flush();
    run.push(`${xOf(i).toFixed(1)},${yOf(p.value).toFixed(1)}`);
  });
  flush();
  return { ticks, segments, dots, xOf };
}
