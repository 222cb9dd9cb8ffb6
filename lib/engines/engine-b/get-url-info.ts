import type { EngineOutcome } from "../outcome";
import { callMethod, type CallOptions } from "./call-method";
import { malformed } from "./malformed";
import { urlInfo } from "./schemas";

export type EngineBUrlInfo = {
  url: string | null;
  httpStatus: number | null;
  discoveryDate: Date | null;
  lastCrawledDate: Date | null;
  documentSize: number | null;
  anchorCount: number | null;
  isPage: boolean | null;
  totalChildUrlCount: number | null;
};

/** What the engine knows of one URL of a site; `info` is null when it answered {"d": null}. */
export async function getUrlInfo(
  apiKey: string, siteUrl: string, url: string, options: CallOptions = {},
): Promise<EngineOutcome<{ info: EngineBUrlInfo | null }>> {
  const answer = await callMethod("GetUrlInfo", apiKey, { siteUrl, url }, options);
  if (answer.kind !== "ok") return answer;
  const parsed = urlInfo.safeParse(answer.d ?? null);
  if (!parsed.success) return malformed("GetUrlInfo");
  const d = parsed.data;
  if (!d) return { kind: "ok", value: { info: null } };
  return {
    kind: "ok",
    value: {
      info: {
        url: d.Url ?? null, httpStatus: d.HttpStatus, discoveryDate: d.DiscoveryDate, lastCrawledDate: d.LastCrawledDate,
        documentSize: d.DocumentSize, anchorCount: d.AnchorCount, isPage: d.IsPage, totalChildUrlCount: d.TotalChildUrlCount,
      },
    },
  };
}
