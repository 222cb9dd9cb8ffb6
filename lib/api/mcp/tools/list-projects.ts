import { z } from "zod";
import { listProjects } from "@/lib/projects/list-projects";
import { listProjectsQuery } from "@/lib/projects/schemas";
import { getProjectsOp } from "../../operations/projects";
import { callOperation } from "../call-operation";
import { type ToolDef, READ, projectSummary } from "../tool";

const listProjectsInput = z.object(listProjectsQuery.shape);

export const listProjectsTool: ToolDef = {
  name: "list_projects", title: "List projects",
  description: "The projects (websites) of the API key's organization, newest first; `q` matches the name or the domain. Start here: the other tools take a projectId.",
  input: listProjectsInput, annotations: READ,
  run: async (caller, args) => {
    const { data, meta } = await callOperation(caller, getProjectsOp, { query: args }, ({ ctx, query }) => listProjects(ctx, query));
    return { projects: data.map(projectSummary), meta };
  },
};
