import { z } from "zod";

export const REPORT_CADENCES = ["off", "weekly", "monthly"] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];
export const MAX_REPORT_RECIPIENTS = 20;

const recipient = z.string({ error: "A recipient is an email address" }).trim().max(254, "An email address has at most 254 characters")
  .pipe(z.email({ error: "Not a valid email address" }));

/** Recipients: trimmed, checked, and duplicates (compared case-insensitively) dropped before the limit of 20 is applied. */
const recipients = z.array(recipient).max(100, "Too many recipients")
  .transform((list) => list.filter((e, i) => list.findIndex((x) => x.toLowerCase() === e.toLowerCase()) === i))
  .refine((list) => list.length <= MAX_REPORT_RECIPIENTS, `At most ${MAX_REPORT_RECIPIENTS} recipients`);

export const reportScheduleBody = z.strictObject({
  cadence: z.enum(REPORT_CADENCES).describe("`weekly` (Monday to Sunday, UTC), `monthly` (calendar months, UTC) or `off`"),
  recipients: recipients.describe(`Who gets the report: 0-${MAX_REPORT_RECIPIENTS} email addresses (at least one unless \`off\`); duplicates are dropped`),
}).refine((b) => b.cadence === "off" || b.recipients.length > 0, { path: ["recipients"], message: "Add at least one recipient, or turn the reports off" });
export type ReportScheduleBody = z.infer<typeof reportScheduleBody>;

const period = z.object({ cadence: z.enum(["weekly", "monthly"]), start: z.string(), end: z.string().describe("Exclusive end of the period") });

export const ReportScheduleResponse = z.object({
  cadence: z.enum(REPORT_CADENCES),
  recipients: z.array(z.string()),
  unsubscribed: z.array(z.string()).describe("The recipients who stopped this project's reports with the link in a report mail: they get no report mail, "
    + "even when listed again (only the address itself could undo it)"),
  activeSince: z.string().nullable().describe("When the current cadence was chosen: the first report covers the first period that ends after it"),
  nextReport: period.extend({ sendsAfter: z.string().describe("The report goes out in the first hourly run after this") }).nullable()
    .describe("The next scheduled report; null when off"),
  lastReport: period.extend({
    generatedAt: z.string(), test: z.boolean().describe("A test report, mailed to the person who asked for it"),
    status: z.enum(["pending", "sent", "failed"]), recipients: z.number().int(),
  }).nullable().describe("The newest report with a PDF (what GET reports/latest answers); null before the first"),
});
export type ReportScheduleResponse = z.infer<typeof ReportScheduleResponse>;

export const TestReportResponse = z.object({
  sentTo: z.array(z.string()), cadence: z.enum(["weekly", "monthly"]), periodStart: z.string(), periodEnd: z.string(), generatedAt: z.string(),
});
export type TestReportResponse = z.infer<typeof TestReportResponse>;
