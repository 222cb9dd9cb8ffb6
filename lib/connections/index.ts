// Search engine connections: gsc (OAuth) and the second engine (API key).
export { createGscAuthorization } from "./create-gsc-authorization";
export { connectGsc } from "./connect-gsc";
export { disconnectGsc } from "./disconnect-gsc";
export { markGscRevoked } from "./mark-gsc-revoked";
export { connectEngineB } from "./connect-engine-b";
export { disconnectEngineB } from "./disconnect-engine-b";
export { getConnections } from "./get-connections";
export { openGscRefreshToken, openEngineBKey } from "./secrets";
