import crypto from "node:crypto";
import type { Project } from "@/lib/db";
import { keyFileUrl } from "@/lib/indexnow/key-file-url";
import { isVerified } from "@/lib/projects/internal";
import { iso } from "@/lib/core/iso";
import { ProjectVerification } from "./schemas";

export const DNS_RECORD_PREFIX = "_service.";
export const DNS_VALUE_PREFIX = "service-site-verification=";

export const dnsRecordName = (domain: string) => `${DNS_RECORD_PREFIX}${domain}`;
export const dnsRecordValue = (token: string) => `${DNS_VALUE_PREFIX}${token}`;

/** 32 random bytes as 64 lowercase hex characters: the DNS token and a generated IndexNow key. */
export const randomHex64 = () => crypto.randomBytes(32).toString("hex");

type VerificationFields = Pick<
  Project,
  "id" | "domain" | "dnsVerificationToken" | "dnsVerifiedAt" | "indexNowKey" | "indexNowKeySource" | "indexNowKeyVerifiedAt" | "gscConnectedAt" | "engineBConnectedAt"
>;

export function toVerification(p: VerificationFields): ProjectVerification {
  return ProjectVerification.parse({
    projectId: p.id, domain: p.domain, verified: isVerified(p),
    dnsRecordName: dnsRecordName(p.domain),
    dnsRecordValue: p.dnsVerificationToken ? dnsRecordValue(p.dnsVerificationToken) : null,
    dnsVerificationToken: p.dnsVerificationToken, dnsVerifiedAt: iso(p.dnsVerifiedAt),
    indexNowKey: p.indexNowKey, indexNowKeySource: p.indexNowKeySource,
    indexNowKeyFileUrl: p.indexNowKey ? keyFileUrl(p.domain, p.indexNowKey) : null,
    indexNowKeyVerifiedAt: iso(p.indexNowKeyVerifiedAt), gscConnectedAt: iso(p.gscConnectedAt), engineBConnectedAt: iso(p.engineBConnectedAt),
  });
}
