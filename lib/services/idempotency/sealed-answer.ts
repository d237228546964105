import { seal, unseal } from "@/lib/security/secret";

/** What an idempotent request answered: its status and JSON body (a success, or the error envelope). */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

// Answers are sealed whatever they hold: some carry a secret shown once (a conversion key, a calendar feed's address).
const purpose = "idempotency-answer";

/** `bodyText` is the answer's JSON text, as the face would send it. */
export const sealAnswer = (status: number, bodyText: string) => seal(`{"status":${status},"body":${bodyText}}`, purpose);

export const unsealAnswer = (sealed: string) => JSON.parse(unseal(sealed, purpose)) as StoredAnswer;
