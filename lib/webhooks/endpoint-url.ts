import { precheckHost } from "@/lib/net/connector";
import { blockedReason } from "@/lib/net/ip-policy";
import { resolveConnectTo } from "@/lib/net/connect-to";
import { getDefaultResolver, type HostResolver } from "@/lib/net/resolver";
import { envConnectTo, portOf, suppliedUrlRefusal } from "@/lib/net/url-policy";

const LOOKUP_TIMEOUT_MS = 3000;

/**
 * Why a webhook URL is refused, or null. The same rules as every URL we fetch for a customer (http(s),
 * ports 80/443, no userinfo), and no internal address: an IP literal or local name is refused outright,
 * a name is looked up and refused when any of its addresses is internal. This is for a clear 400 at
 * registration; the safe fetcher checks again at connect time on every delivery (DNS can change).
 * A name that does not resolve now is accepted: its deliveries fail, visibly, in the log.
 */
export async function webhookUrlRefusal(raw: string, resolver: HostResolver = getDefaultResolver()): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "not an absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "only http and https URLs can receive webhooks";
  const policy = suppliedUrlRefusal(raw);
  if (policy) return policy;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = portOf(url);
  const connectTo = envConnectTo();
  const refused = precheckHost(host, port, connectTo);
  if (refused) return `${host}: ${refused === "local hostname" ? "a local name" : refused} cannot receive webhooks`;
  if (resolveConnectTo(connectTo, host, port) || blockedReason(host) === null) return null;
  const addresses = await Promise.race([
    resolver.resolveAddresses(host).catch(() => [] as string[]),
    new Promise<string[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS).unref()),
  ]);
  const internal = addresses.find((a) => blockedReason(a) !== null);
  // Which address is never said: the answer would map internal DNS for whoever registers a URL.
  return internal ? `${host} points to a private or reserved address, which cannot receive webhooks` : null;
}
