export { type Claim, type ClaimRequest, claimIdempotencyKey, type KeyOwner } from "./claim-key";
export { purgeExpiredIdempotencyKeys } from "./purge-keys";
export type { StoredAnswer } from "./sealed-answer";
export { releaseIdempotencyKey, settleIdempotencyKey } from "./settle-key";
