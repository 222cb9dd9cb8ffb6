export { getVerification } from "./get-verification";
export { rotateDnsToken } from "./rotate-dns-token";
export { verifyDns } from "./verify-dns";
export { setIndexNowKey } from "./set-indexnow-key";
export { verifyKey } from "./verify-key";
