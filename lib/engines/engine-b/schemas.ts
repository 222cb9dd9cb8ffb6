import { z } from "zod";
import { parseServiceDate } from "./dates";

// Answers are wrapped in {"d": ...}. Fields are read tolerantly: a missing or odd field becomes
// null instead of failing the whole answer.
const num = z.coerce.number().nullable().optional().catch(null).transform((v) => v ?? null);
const bool = z.boolean().nullable().optional().catch(null).transform((v) => v ?? null);
const date = z.unknown().transform(parseServiceDate);

export const userSites = z.array(z.object({
  Url: z.string().min(1),
  IsVerified: z.boolean().optional().catch(undefined),
})).nullable().transform((sites) => sites ?? []);

export const urlInfo = z.object({
  Url: z.string().nullable().optional().catch(null),
  HttpStatus: num,
  DiscoveryDate: date,
  LastCrawledDate: date,
  DocumentSize: num,
  AnchorCount: num,
  IsPage: bool,
  TotalChildUrlCount: num,
}).nullable();

export const crawlIssues = z.array(z.object({
  Url: z.string(),
  HttpCode: num,
  Date: date,
  IssueType: z.union([z.string(), z.number()]).optional().catch(undefined),
})).nullable().transform((issues) => issues ?? []);

/** The service's error body: {"ErrorCode": 3, "Message": "InvalidApiKey"}. */
export const errorBody = z.object({ ErrorCode: z.coerce.number().optional().catch(undefined), Message: z.string().optional().catch(undefined) });
