import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { getImport } from "@/lib/imports/get-import";
import { listImports } from "@/lib/imports/list-imports";
import { importQuery, importsQuery } from "@/lib/queries/imports";
import { getQueryClient } from "@/lib/queries/query-client";
import { projectOr404 } from "../project-or-404";
import { ImportsClient } from "./client";
import { importsRange, parseImportsSearch } from "./search-params";

export const metadata: Metadata = { title: "Imports" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ImportsPage({ params, searchParams }: Props) {
  const [{ projectId }, sp] = await Promise.all([params, searchParams]);
  const { org, ctx } = await projectOr404(projectId);
  const ref = { orgId: org.id, projectId };
  const { page, importId } = parseImportsSearch((k) => { const v = sp[k]; return Array.isArray(v) ? v[0] : v; });
  const range = importsRange(page);
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...importsQuery(ref, range), queryFn: () => listImports(ctx, projectId, range) });
  if (importId) await queryClient.prefetchQuery({ ...importQuery(ref, importId), queryFn: async () => (await getImport(ctx, projectId, importId)).data });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ImportsClient orgId={org.id} projectId={projectId} />
    </HydrationBoundary>
  );
}
