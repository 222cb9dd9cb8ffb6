import { Document, Image, Line, Page, Polyline, Rect, Circle, StyleSheet, Svg, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { TimeToIndex } from "@/lib/metrics/schemas";
import { readableAccent, type Branding } from "@/lib/organizations/branding";
import type { Counter } from "@/lib/stats/counters";
import { chartGeometry, type ChartPoint } from "./chart-geometry";
import { REPORT_FONT, registerReportFont, safeText } from "./report-font";
import { periodLabel } from "./periods";
import { TREND_DAYS, type IssueMovement, type ReportData } from "./report-data";

// The client report as a PDF (@react-pdf/renderer, pure JavaScript: no browser needed), in Noto Sans embedded from
// lib/reports/report-font.ts: names in Latin, Greek or Cyrillic print as written; safeText turns what the font cannot
// draw (Chinese, Japanese, Korean, Arabic, emoji…) into "?". The organization's branding (lib/organizations/branding.ts)
// heads every page: its logo and name, and its accent colour on the top rule, the kicker and the summary's edge.
// Sized so that a usual report is one A4 page; a long one (full issue tables) flows onto a second, never leaving a
// lone short section there.

registerReportFont();

const C = { ink: "#0f172a", muted: "#475569", faint: "#94a3b8", line: "#e2e8f0", good: "#047857", bad: "#b91c1c", warn: "#b45309" };
const DAY = 86_400_000;

const s = StyleSheet.create({
  page: { paddingTop: 28, paddingBottom: 40, paddingHorizontal: 40, fontFamily: REPORT_FONT, fontSize: 9.5, color: C.ink },
  rule: { position: "absolute", top: 0, left: 0, right: 0, height: 5 },
  brandRow: { flexDirection: "row", alignItems: "center", justifyContent: "space-between", marginBottom: 6 },
  brandName: { fontSize: 10.5, fontFamily: REPORT_FONT, fontWeight: 700, color: C.ink },
  kicker: { fontSize: 8.5, fontFamily: REPORT_FONT, fontWeight: 700, letterSpacing: 1, textTransform: "uppercase" },
  title: { fontSize: 19, fontFamily: REPORT_FONT, fontWeight: 700, lineHeight: 1.2 },
  domain: { fontSize: 10.5, color: C.muted, marginTop: 1 },
  subtitle: { fontSize: 12, color: C.muted, marginTop: 1 },
  meta: { fontSize: 8, color: C.faint, marginTop: 3 },
  summary: { marginTop: 8, paddingVertical: 7, paddingHorizontal: 10, backgroundColor: "#f8fafc", borderLeftWidth: 3, fontSize: 10, lineHeight: 1.4 },
  h2: { fontSize: 12, fontFamily: REPORT_FONT, fontWeight: 700, marginTop: 8, marginBottom: 5 },
  note: { fontSize: 8, color: C.muted, marginTop: 3, lineHeight: 1.35 },
  // A unitless lineHeight is resolved against the fontSize of the same style (react-pdf takes 18 when it has none,
  // not the inherited size): every style with a lineHeight sets its fontSize.
  para: { fontSize: 9.5, color: C.muted, marginBottom: 6, lineHeight: 1.35 },
  cards: { flexDirection: "row", gap: 6 },
  card: { flex: 1, borderWidth: 1, borderColor: C.line, borderRadius: 4, paddingVertical: 4, paddingHorizontal: 7 },
  cardLabel: { fontSize: 8, color: C.muted },
  cardValueRow: { flexDirection: "row", alignItems: "flex-end", gap: 6, marginTop: 1 },
  cardValue: { fontSize: 14, fontFamily: REPORT_FONT, fontWeight: 700 },
  cardChange: { fontSize: 8, marginBottom: 2 },
  table: { borderTopWidth: 1, borderColor: C.line },
  tr: { flexDirection: "row", borderBottomWidth: 1, borderColor: C.line, paddingVertical: 2 },
  th: { fontSize: 8, color: C.muted, fontFamily: REPORT_FONT, fontWeight: 700 },
  num: { textAlign: "right" },
  // Text inside an Svg inherits nothing from the page: without a family of its own it would be Helvetica.
  axis: { fontSize: 7.5, fontFamily: REPORT_FONT },
  footer: { position: "absolute", bottom: 18, left: 40, right: 40, flexDirection: "row", justifyContent: "space-between", fontSize: 7.5, color: C.faint, borderTopWidth: 1, borderColor: C.line, paddingTop: 5 },
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
  const { project, period, branding } = data;
  const label = periodLabel(period);
  const unit = period.cadence === "weekly" ? "week" : "month";
  const accent = branding.accentColor;
  return (
    <Document title={`Indexing report: ${project.domain}, ${label}`} author={(branding.name ?? "IndexWatch").normalize("NFC")} creator="IndexWatch" producer="IndexWatch"
      subject={`Indexing on Google and Bing for ${project.domain}`}>
      <Page size="A4" style={s.page}>
        <View style={[s.rule, { backgroundColor: accent }]} fixed />
        <BrandHeader branding={branding} kicker={`${period.cadence === "weekly" ? "Weekly" : "Monthly"} indexing report`} />
        {/* The project as the share page names it: its name, and the domain under it when the name is another. */}
        <Text style={s.title}>{safeText(project.name)}</Text>
        {project.name !== project.domain && <Text style={s.domain}>{project.domain}</Text>}
        <Text style={s.subtitle}>{period.cadence === "weekly" ? `Week of ${label}` : label}</Text>
        <Text style={s.meta}>
          {branding.name ? `Prepared by ${safeText(branding.name)} with IndexWatch` : "Prepared with IndexWatch"} · {period.cadence === "weekly" ? "Monday to Sunday" : "Calendar month"}, UTC · generated {stamp(data.generatedAt)}
        </Text>
        <Text style={[s.summary, { borderColor: accent }]}>{summary(data, unit)}</Text>

        <Text style={s.h2}>At a glance</Text>
        <Counters data={data} />
        <Text style={s.note}>{comparisonNote(data, unit)}</Text>

        <Section title="Google and Bing">
          <View style={s.cards}>
            <EngineCard name="Google" detail="Google Search Console" connected={project.gscConnected} indexed={data.engines.google} total={data.counters.end.totalUrls} />
            <EngineCard name="Bing" detail="Bing Webmaster Tools" connected={project.bingConnected} indexed={data.engines.bing} total={data.counters.end.totalUrls} />
            <SubmissionsCard data={data} unit={unit} />
          </View>
          <Text style={s.note}>{submissionsNote(data, unit)}</Text>
        </Section>

        <Section title={`Indexed pages over the last ${TREND_DAYS} days`}>
          <TrendChart data={data} />
        </Section>

        <Section title="Time to index">
          <Text style={s.para}>
            {data.newUrls > 0
              ? `${n(data.newUrls)} new ${data.newUrls === 1 ? "URL" : "URLs"} this ${unit}: how long Google and Bing took to index them, from when we first saw each one.`
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

        <ReportFooter domain={project.domain} label={label} />
      </Page>
    </Document>
  );
}

/** The organization's logo and name on the left, what the document is on the right. */
function BrandHeader({ branding, kicker }: { branding: Branding; kicker: string }) {
  const { logo } = branding;
  // At most 34 pt high and 150 pt wide, the logo's proportions kept.
  const scale = logo ? Math.min(26 / logo.height, 140 / logo.width) : 0;
  return (
    <View style={s.brandRow}>
      <View style={{ flexDirection: "row", alignItems: "center", gap: 8, maxWidth: 340 }}>
        {/* eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image takes no alt; the name beside it says whose logo it is */}
        {logo && <Image src={{ data: logo.bytes, format: logo.mimeType === "image/png" ? "png" : "jpg" }} style={{ width: logo.width * scale, height: logo.height * scale }} />}
        {branding.name && <Text style={s.brandName}>{safeText(branding.name)}</Text>}
      </View>
      <Text style={[s.kicker, { color: readableAccent(branding.accentColor) }]}>{kicker}</Text>
    </View>
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
      {/* The value and its change on one line. */}
      <View style={s.cardValueRow}>
        <Text style={s.cardValue}>{n(value)}</Text>
        <Text style={[s.cardChange, { color: tone }]}>{delta === null ? "" : delta === 0 ? "no change" : `${delta > 0 ? "+" : "–"}${n(Math.abs(delta))}`}</Text>
      </View>
    </View>
  );
}

function EngineCard({ name, detail, connected, indexed, total }: { name: string; detail: string; connected: boolean; indexed: number; total: number }) {
  return (
    <View style={s.card}>
      <Text style={s.cardLabel}>Indexed on {name}</Text>
      <Text style={s.cardValue}>{n(indexed)} <Text style={{ fontSize: 10, fontWeight: 400, color: C.muted }}>of {n(total)} ({pct(indexed, total)})</Text></Text>
      <Text style={[s.cardChange, { color: C.muted }]}>{connected ? `From ${detail}` : `${detail} not connected: earlier checks only`}</Text>
    </View>
  );
}

const W = 515, H = 84, LEFT = 44, TOP = 8, BOTTOM = 18;

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
        <Rect x={bandX} y={TOP} width={W - bandX} height={plotH} fill={data.branding.accentColor} fillOpacity={0.1} />
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
        Pages indexed by Google or Bing, a point per day ({recorded} of {TREND_DAYS} days recorded); shaded: this {data.period.cadence === "weekly" ? "week" : "month"}; the axis starts at {n(g.ticks[0].value)}.
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

/** What was submitted through IndexNow, beside the engines' cards (a section of its own would often be a page's lone line). */
function SubmissionsCard({ data, unit }: { data: ReportData; unit: string }) {
  const sub = data.submissions;
  return (
    <View style={s.card}>
      <Text style={s.cardLabel}>Submitted through IndexNow</Text>
      <Text style={s.cardValue}>{n(sub.deliveredUrls)} <Text style={{ fontSize: 10, fontWeight: 400, color: C.muted }}>{sub.deliveredUrls === 1 ? "URL" : "URLs"} accepted</Text></Text>
      <Text style={[s.cardChange, { color: sub.failedBatches ? C.warn : C.muted }]}>
        {sub.batches === 0 ? `Nothing sent this ${unit}` : `In ${n(sub.batches)} ${sub.batches === 1 ? "batch" : "batches"}${sub.failedBatches ? `, ${n(sub.failedBatches)} refused or failed` : ""}`}
      </Text>
    </View>
  );
}

/** The submissions in a sentence, and what IndexNow reaches, under the engines' cards (full width: one line for the sentence). */
function submissionsNote(data: ReportData, unit: string): string {
  const sub = data.submissions;
  const what = sub.batches === 0
    ? `Nothing was submitted through IndexNow this ${unit}: no tracked page was added or changed, or IndexNow is not set up.`
    : `${n(sub.deliveredUrls)} of ${n(sub.urls)} URLs sent in ${n(sub.batches)} ${sub.batches === 1 ? "batch" : "batches"} were accepted by IndexNow${sub.failedBatches ? ` (${n(sub.failedBatches)} ${sub.failedBatches === 1 ? "batch was" : "batches were"} refused or failed and will be sent again)` : ""}.`;
  return `${what} IndexNow tells Bing and the other IndexNow engines at once when a page is added or changes; Google finds changes through the sitemap and its own crawling.`;
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
