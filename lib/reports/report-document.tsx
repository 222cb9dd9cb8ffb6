import { Document, Line, Page, Polyline, Rect, Circle, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { TimeToIndex } from "@/lib/metrics/schemas";
import type { Counter } from "@/lib/stats/counters";
import { chartGeometry, type ChartPoint } from "./chart-geometry";
import { REPORT_FONT, registerReportFont, safeText } from "./report-font";
import { periodLabel } from "./periods";
import { TREND_DAYS, type IssueMovement, type ReportData } from "./report-data";

// The client report as a PDF (@react-pdf/renderer, pure JavaScript: no browser needed), in Noto Sans embedded from
// lib/reports/report-font.ts: names in Latin, Greek or Cyrillic print as written; safeText turns what the font cannot
// draw (Chinese, Japanese, Korean, Arabic, emoji…) into "?".

registerReportFont();

const C = { brand: "#1d4ed8", ink: "#0f172a", muted: "#475569", faint: "#94a3b8", line: "#e2e8f0", band: "#eff6ff", good: "#047857", bad: "#b91c1c", warn: "#b45309" };
const DAY = 86_400_000;

const s = StyleSheet.create({
  page: { paddingTop: 36, paddingBottom: 56, paddingHorizontal: 40, fontFamily: REPORT_FONT, fontSize: 10, color: C.ink },
  kicker: { fontSize: 9, color: C.brand, fontFamily: REPORT_FONT, fontWeight: 700, letterSpacing: 1, textTransform: "uppercase" },
  title: { fontSize: 22, fontFamily: REPORT_FONT, fontWeight: 700, marginTop: 6, lineHeight: 1.2 },
  domain: { fontSize: 11, color: C.muted, marginTop: 1 },
  subtitle: { fontSize: 13, color: C.muted, marginTop: 2 },
  meta: { fontSize: 8.5, color: C.faint, marginTop: 4 },
  summary: { marginTop: 14, padding: 10, backgroundColor: C.band, borderRadius: 4, fontSize: 10.5, lineHeight: 1.45 },
  h2: { fontSize: 13, fontFamily: REPORT_FONT, fontWeight: 700, marginTop: 20, marginBottom: 8 },
  note: { fontSize: 8.5, color: C.muted, marginTop: 4, lineHeight: 1.4 },
  // A unitless lineHeight is resolved against the fontSize of the same style (react-pdf takes 18 when it has none,
  // not the inherited size): every style with a lineHeight sets its fontSize.
  para: { fontSize: 10, color: C.muted, marginBottom: 8, lineHeight: 1.4 },
  cards: { flexDirection: "row", gap: 8 },
  card: { flex: 1, borderWidth: 1, borderColor: C.line, borderRadius: 4, padding: 8 },
  cardLabel: { fontSize: 8.5, color: C.muted },
  cardValue: { fontSize: 17, fontFamily: REPORT_FONT, fontWeight: 700, marginTop: 2 },
  cardChange: { fontSize: 8.5, marginTop: 2 },
  table: { borderTopWidth: 1, borderColor: C.line },
  tr: { flexDirection: "row", borderBottomWidth: 1, borderColor: C.line, paddingVertical: 4 },
  th: { fontSize: 8.5, color: C.muted, fontFamily: REPORT_FONT, fontWeight: 700 },
  num: { textAlign: "right" },
  // Text inside an Svg inherits nothing from the page: without a family of its own it would be Helvetica.
  axis: { fontSize: 7.5, fontFamily: REPORT_FONT },
  footer: { position: "absolute", bottom: 24, left: 40, right: 40, flexDirection: "row", justifyContent: "space-between", fontSize: 8, color: C.faint, borderTopWidth: 1, borderColor: C.line, paddingTop: 6 },
});

const n = (v: number) => v.toLocaleString("en-US");
const pct = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "—");
const share = (v: number) => `${Math.round(v * 100)}%`;
const hours = (h: number | null) => (h === null ? "—" : h < 48 ? `${Math.round(h)} h` : `${(h / 24).toFixed(1)} days`);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayLabel = (d: string) => `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]}`;
const stamp = (d: Date) => `${dayLabel(d.toISOString().slice(0, 10))} ${d.getUTCFullYear()}, ${d.toISOString().slice(11, 16)} UTC`;

/** Which way is good for each counter: up, down, or neither. */
const COUNTER_CARDS: { key: Counter; label: string; good: "up" | "down" | null }[] = [
  { key: "totalUrls", label: "Tracked URLs", good: null },
  { key: "indexedUrls", label: "Indexed (Google or Bing)", good: "up" },
  { key: "notIndexedUrls", label: "Not indexed", good: "down" },
  { key: "healthyUrls", label: "Healthy pages", good: "up" },
  { key: "brokenUrls", label: "Broken pages", good: "down" },
  { key: "redirectedUrls", label: "Redirected", good: null },
  { key: "openIssues", label: "Open issue groups", good: "down" },
  { key: "urlsWithIssues", label: "URLs with issues", good: "down" },
];

export function ReportDocument({ data }: { data: ReportData }) {
  const { project, period } = data;
  const label = periodLabel(period);
  const unit = period.cadence === "weekly" ? "week" : "month";
  return (
    <Document title={`Indexing report: ${project.domain}, ${label}`} author={(project.organizationName ?? "IndexWatch").normalize("NFC")} creator="IndexWatch" producer="IndexWatch"
      subject={`Indexing on Google and Bing for ${project.domain}`}>
      <Page size="A4" style={s.page}>
        <Text style={s.kicker}>{period.cadence === "weekly" ? "Weekly" : "Monthly"} indexing report</Text>
        {/* The project as the share page names it: its name, and the domain under it when the name is another. */}
        <Text style={s.title}>{safeText(project.name)}</Text>
        {project.name !== project.domain && <Text style={s.domain}>{project.domain}</Text>}
        <Text style={s.subtitle}>{period.cadence === "weekly" ? `Week of ${label}` : label}</Text>
        <Text style={s.meta}>
          {project.organizationName ? `Prepared by ${safeText(project.organizationName)} with IndexWatch` : "Prepared with IndexWatch"} · {period.cadence === "weekly" ? "Monday to Sunday" : "Calendar month"}, UTC · generated {stamp(data.generatedAt)}
        </Text>
        <Text style={s.summary}>{summary(data, unit)}</Text>

        <Text style={s.h2}>At a glance</Text>
        <Counters data={data} />
        <Text style={s.note}>{comparisonNote(data, unit)}</Text>

        <Section title="Google and Bing">
          <View style={s.cards}>
            <EngineCard name="Google" detail="Google Search Console" connected={project.gscConnected} indexed={data.engines.google} total={data.counters.end.totalUrls} />
            <EngineCard name="Bing" detail="Bing Webmaster Tools" connected={project.bingConnected} indexed={data.engines.bing} total={data.counters.end.totalUrls} />
          </View>
        </Section>

        <Section title={`Indexed pages over the last ${TREND_DAYS} days`}>
          <TrendChart data={data} />
        </Section>

        <Section title="Time to index">
          <Text style={s.para}>
            {data.newUrls > 0
              ? `${n(data.newUrls)} new ${data.newUrls === 1 ? "URL was" : "URLs were"} found this ${unit}: how long Google and Bing took to index them (from when we first saw each URL).`
              : `No new URL was found this ${unit}.`}
          </Text>
          {data.newUrls > 0 && <TimeToIndexTable tti={data.timeToIndex} />}
        </Section>

        <Section title="Issues">
          <Text style={s.para}>Open now: {openIssuesLine(data.openIssues)}.</Text>
          <View style={{ flexDirection: "row", gap: 16 }}>
            <View style={{ flex: 1 }}><IssueTable title={`Opened this ${unit}`} rows={data.issuesOpened} empty={`No new issues this ${unit}.`} urlsLabel="URLs affected" /></View>
            <View style={{ flex: 1 }}><IssueTable title={`Fixed this ${unit}`} rows={data.issuesFixed} empty={`Nothing was fixed this ${unit}.`} urlsLabel="URLs fixed" /></View>
          </View>
        </Section>

        <Section title="Submitted to search engines">
          <Submissions data={data} unit={unit} />
        </Section>
        <ReportFooter domain={project.domain} label={label} />
      </Page>
    </Document>
  );
}

/** A titled block that moves to the next page whole rather than splitting (every block is shorter than a page). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View wrap={false}>
      <Text style={s.h2}>{title}</Text>
      {children}
    </View>
  );
}

/** What the changes on the counter cards compare. */
function comparisonNote({ counters, period }: ReportData, unit: string): string {
  const { endDate, startDate } = counters;
  const end = endDate ? `the end of the ${unit} (${dayLabel(endDate)})` : "the time of this report";
  const start = startDate && (startDate < period.start.toISOString().slice(0, 10) ? `the day before it began (${dayLabel(startDate)})` : `its first recorded day (${dayLabel(startDate)})`);
  const numbers = endDate ? "" : `No daily record in this ${unit}: the numbers are those at the time of this report. `;
  return start ? `${numbers}Changes compare ${end} with ${start}.` : `${numbers}No earlier daily record to compare with yet: changes appear from the next report.`;
}

function summary(d: ReportData, unit: string): string {
  const parts: string[] = [];
  const { end, start } = d.counters;
  const indexedChange = start ? end.indexedUrls - start.indexedUrls : null;
  parts.push(indexedChange === null
    ? `${n(end.indexedUrls)} of ${n(end.totalUrls)} tracked pages are indexed by Google or Bing.`
    : `${n(end.indexedUrls)} of ${n(end.totalUrls)} tracked pages are indexed by Google or Bing, ${indexedChange === 0 ? "as many as" : `${indexedChange > 0 ? n(indexedChange) + " more" : n(-indexedChange) + " fewer"} than`} at the start of the ${unit}.`);
  const opened = d.issuesOpened.length, fixed = d.issuesFixed.length;
  parts.push(`${fixed ? `${fixed} issue ${fixed === 1 ? "type saw" : "types saw"} fixes` : "No issue was fixed"} and ${opened ? `${opened} ${opened === 1 ? "type" : "types"} had new problems` : "no new problem appeared"} this ${unit}.`);
  if (d.submissions.urls) parts.push(`${n(d.submissions.deliveredUrls)} changed ${d.submissions.deliveredUrls === 1 ? "page was" : "pages were"} submitted through IndexNow.`);
  return parts.join(" ");
}

function Counters({ data }: { data: ReportData }) {
  const rows = [COUNTER_CARDS.slice(0, 4), COUNTER_CARDS.slice(4)];
  return (
    <View style={{ gap: 8 }}>
      {rows.map((row, i) => (
        <View key={i} style={s.cards}>
          {row.map((c) => <CounterCard key={c.key} label={c.label} value={data.counters.end[c.key]} before={data.counters.start?.[c.key] ?? null} good={c.good} />)}
        </View>
      ))}
    </View>
  );
}

function CounterCard({ label, value, before, good }: { label: string; value: number; before: number | null; good: "up" | "down" | null }) {
  const delta = before === null ? null : value - before;
  const tone = delta === null || delta === 0 || good === null ? C.muted : (delta > 0) === (good === "up") ? C.good : C.bad;
  return (
    <View style={s.card}>
      <Text style={s.cardLabel}>{label}</Text>
      <Text style={s.cardValue}>{n(value)}</Text>
      <Text style={[s.cardChange, { color: tone }]}>{delta === null ? " " : delta === 0 ? "no change" : `${delta > 0 ? "+" : "–"}${n(Math.abs(delta))}`}</Text>
    </View>
  );
}

function EngineCard({ name, detail, connected, indexed, total }: { name: string; detail: string; connected: boolean; indexed: number; total: number }) {
  return (
    <View style={s.card}>
      <Text style={s.cardLabel}>Indexed on {name}</Text>
      <Text style={s.cardValue}>{n(indexed)} <Text style={{ fontSize: 10, fontWeight: 400, color: C.muted }}>of {n(total)} ({pct(indexed, total)})</Text></Text>
      <Text style={[s.cardChange, { color: C.muted }]}>{connected ? `From ${detail}` : `${detail} is not connected: numbers from earlier checks only`}</Text>
    </View>
  );
}

const W = 515, H = 160, LEFT = 44, TOP = 8, BOTTOM = 18;

function TrendChart({ data }: { data: ReportData }) {
  const end = data.period.end.getTime();
  const byDate = new Map(data.trend.map((t) => [t.date, t]));
  const dates = Array.from({ length: TREND_DAYS }, (_, i) => new Date(end - (TREND_DAYS - i) * DAY).toISOString().slice(0, 10));
  const points: ChartPoint[] = dates.map((date) => ({ date, value: byDate.get(date)?.indexedUrls ?? null }));
  const recorded = points.filter((p) => p.value !== null).length;
  if (recorded === 0) {
    return <Text style={{ color: C.muted }}>No daily records yet: one is taken every night (UTC), and the chart fills in from the next report.</Text>;
  }
  const plotW = W - LEFT, plotH = H - BOTTOM - TOP;
  const g = chartGeometry(points, { x: LEFT, y: TOP, width: plotW, height: plotH });
  const startIdx = dates.indexOf(data.period.start.toISOString().slice(0, 10));
  const bandX = g.xOf(Math.max(0, startIdx));
  const labelIdx = [0, Math.round((TREND_DAYS - 1) / 3), Math.round((2 * (TREND_DAYS - 1)) / 3), TREND_DAYS - 1];
  return (
    <View>
      <Svg width={W} height={H} viewBox={`0 0 ${W} ${H}`}>
        <Rect x={bandX} y={TOP} width={W - bandX} height={plotH} fill={C.band} />
        {g.ticks.map((t) => (
          <Line key={t.value} x1={LEFT} x2={W} y1={t.y} y2={t.y} stroke={C.line} strokeWidth={0.7} />
        ))}
        {g.ticks.map((t) => (
          <Text key={`l${t.value}`} x={LEFT - 6} y={t.y + 3} style={s.axis} fill={C.muted} textAnchor="end">{n(t.value)}</Text>
        ))}
        {labelIdx.map((i) => (
          <Text key={`d${i}`} x={g.xOf(i)} y={H - 4} style={s.axis} fill={C.muted} textAnchor={i === 0 ? "start" : i === TREND_DAYS - 1 ? "end" : "middle"}>{dayLabel(dates[i])}</Text>
        ))}
        {g.segments.map((pts, i) => (
          <Polyline key={i} points={pts} stroke={C.good} strokeWidth={1.6} fill="none" />
        ))}
        {g.dots.map((d, i) => <Circle key={`c${i}`} cx={d.x} cy={d.y} r={1.6} fill={C.good} />)}
      </Svg>
      <Text style={s.note}>
        Pages indexed by Google or Bing, one point per day ({recorded} of {TREND_DAYS} days recorded; a gap is a day without a record). The shaded part is this report&apos;s {data.period.cadence === "weekly" ? "week" : "month"}. The axis starts at {n(g.ticks[0].value)}.
      </Text>
    </View>
  );
}

function Row({ cells, header = false, widths }: { cells: ReactNode[]; header?: boolean; widths: number[] }) {
  return (
    <View style={s.tr}>
      {cells.map((c, i) => (
        <Text key={i} style={[{ flex: widths[i] }, header ? s.th : {}, i > 0 ? s.num : {}]}>{c}</Text>
      ))}
    </View>
  );
}

function TimeToIndexTable({ tti }: { tti: ReportData["timeToIndex"] }) {
  const rows: [string, TimeToIndex][] = [["Google", tti.engineA], ["Bing", tti.engineB], ["Google or Bing (first)", tti.any]];
  const widths = [2.2, 1, 1, 1.2, 1.2, 1.2];
  return (
    <View style={s.table}>
      <Row header widths={widths} cells={["Search engine", "New URLs", "Indexed", "Median time", "90th percentile", "Within 7 days"]} />
      {rows.map(([name, m]) => (
        <Row key={name} widths={widths} cells={[name, n(m.urls), n(m.indexed), hours(m.medianHours), hours(m.p90Hours), share(m.within7d)]} />
      ))}
    </View>
  );
}

const SEVERITY = { critical: ["Critical", C.bad], warning: ["Warning", C.warn], info: ["Info", C.muted] } as const;

function IssueTable({ title, rows, empty, urlsLabel }: { title: string; rows: IssueMovement[]; empty: string; urlsLabel: string }) {
  const widths = [2.6, 1.1, 1.3];
  return (
    <View>
      <Text style={{ fontWeight: 700, marginBottom: 4 }}>{title}</Text>
      {rows.length === 0 ? <Text style={{ color: C.muted }}>{empty}</Text> : (
        <View style={s.table}>
          <Row header widths={widths} cells={["Issue", "Severity", urlsLabel]} />
          {rows.map((r) => (
            <View key={r.type} style={s.tr}>
              <Text style={{ flex: widths[0] }}>{r.title}</Text>
              <Text style={{ flex: widths[1], textAlign: "right", color: SEVERITY[r.severity][1] }}>{SEVERITY[r.severity][0]}</Text>
              <Text style={{ flex: widths[2], textAlign: "right" }}>{r.siteWide ? "site-wide" : n(r.urls)}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  );
}

const openIssuesLine = (o: ReportData["openIssues"]) => {
  const parts = [[o.critical, "critical"], [o.warning, "warning"], [o.info, "info"]].filter(([c]) => Number(c) > 0).map(([c, w]) => `${c} ${w}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return parts.length ? `${list} issue ${o.critical + o.warning + o.info === 1 ? "group" : "groups"}` : "none";
};

function Submissions({ data, unit }: { data: ReportData; unit: string }) {
  const sub = data.submissions;
  return (
    <View>
      <Text>
        {sub.batches === 0
          ? `Nothing was submitted through IndexNow this ${unit}: no tracked page was added or changed, or IndexNow is not set up.`
          : `${n(sub.deliveredUrls)} of ${n(sub.urls)} URLs sent in ${n(sub.batches)} ${sub.batches === 1 ? "batch" : "batches"} were accepted by IndexNow${sub.failedBatches ? ` (${n(sub.failedBatches)} ${sub.failedBatches === 1 ? "batch was" : "batches were"} refused or failed and will be sent again)` : ""}.`}
      </Text>
      <Text style={s.note}>
        IndexNow tells Bing (and the other IndexNow search engines) at once when a page is added or changes. Google does not take part in IndexNow: it finds changes through the sitemap and its own crawling.
      </Text>
    </View>
  );
}

/** The foot of every page: the site, the period and the page number. */
function ReportFooter({ domain, label }: { domain: string; label: string }) {
  return (
    <View style={s.footer} fixed>
      <Text>{domain} · {label}</Text>
      <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
    </View>
  );
}
