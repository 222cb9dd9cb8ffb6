import { z } from "zod";

/** An id in a path. A malformed one names nothing that exists: the edge answers 404, as for an unknown id. */
export const uuidParam = z.uuid();
export const orgParams = z.object({ organizationId: uuidParam });
