import { renderToBuffer } from "@react-pdf/renderer";
import { createElement } from "react";
import type { Period } from "./periods";
import { ReportDocument } from "./report-document";
import { reportData, type ReportData, type ReportProject } from "./report-data";

/** The client report of one project and period: its data and the PDF. */
export async function renderReport(project: ReportProject, period: Period, now = new Date()): Promise<{ data: ReportData; pdf: Buffer }> {
  const data = await reportData(project, period, now);
  const pdf = await renderToBuffer(createElement(ReportDocument, { data }) as Parameters<typeof renderToBuffer>[0]);
  return { data, pdf };
}
