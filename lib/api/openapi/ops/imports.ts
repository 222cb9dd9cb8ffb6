// OpenAPI registrations of the imports area: one registerOperation per endpoint.
import { registerOperation } from "../registry";

void registerOperation;
