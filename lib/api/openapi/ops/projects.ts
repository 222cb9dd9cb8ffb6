// OpenAPI registrations of the projects area: one registerOperation per endpoint.
import { registerOperation } from "../registry";

void registerOperation;
