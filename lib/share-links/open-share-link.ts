import { isCountableView, recordShareView } from "./record-share-view";
import { resolveShareToken, type SharedProject } from "./resolve-share-link";

/** A share page's request: the project the token opens (null when it opens nothing), its view counted if a person's. */
export async function openShareLink(token: string, headers: Headers, now = new Date()): Promise<SharedProject | null> {
  const shared = await resolveShareToken(token, now);
  if (shared && isCountableView(headers)) await recordShareView(shared.linkId, now);
  return shared;
}
