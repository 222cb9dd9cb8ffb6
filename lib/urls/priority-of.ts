import { Prisma } from "@/lib/db";

/**
 * The priority the project's rules (lib/priorities) give a URL (a SQL expression over the URL column `urlColumn`): the
 * longest path prefix its path (with its query) starts with, or null. The rules are aliased `pr`: the caller's URL
 * column must not be. Prefixes are compared literally
 * (LIKE wildcards in them are escaped).
 */
export function priorityOf(projectId: Prisma.Sql | string, urlColumn: Prisma.Sql): Prisma.Sql {
  const project = typeof projectId === "string" ? Prisma.sql`${projectId}::uuid` : projectId;
  return Prisma.sql`(SELECT pr.priority FROM url_priority_rules pr
    WHERE pr.project_id = ${project}
      AND regexp_replace(${urlColumn}, '^[a-z]+://[^/]+', '') LIKE replace(replace(replace(pr.path_prefix, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
    ORDER BY length(pr.path_prefix) DESC LIMIT 1)`;
}
