import { decryptSecret, encryptSecret } from "@/lib/engines/secret-box";

// Every stored credential is sealed with AES-256-GCM (lib/engines/secret-box.ts) and bound, through the
// associated data, to the row and purpose it belongs to: a box copied to another project does not open.
const gscAad = (projectId: string) => `project:${projectId}:gsc_refresh_token`;
const engineBAad = (projectId: string) => `project:${projectId}:engine_b_api_key`;
const stateAad = (stateId: string) => `oauth_state:${stateId}:gsc_refresh_token`;

export const sealGscRefreshToken = (projectId: string, token: string) => encryptSecret(token, { aad: gscAad(projectId) });
export const openGscRefreshToken = (projectId: string, box: string) => decryptSecret(box, { aad: gscAad(projectId) });

export const sealEngineBKey = (projectId: string, key: string) => encryptSecret(key, { aad: engineBAad(projectId) });
export const openEngineBKey = (projectId: string, box: string) => decryptSecret(box, { aad: engineBAad(projectId) });

export const sealStateToken = (stateId: string, token: string) => encryptSecret(token, { aad: stateAad(stateId) });
export const openStateToken = (stateId: string, box: string) => decryptSecret(box, { aad: stateAad(stateId) });
