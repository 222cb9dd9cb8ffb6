// OpenAPI registrations of the urls area: one registerOperation per endpoint.
import { registerOperation } from "../registry";

void registerOperation;
