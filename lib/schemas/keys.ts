import { z } from "zod";
import { apiKeySchema } from "./account";
import { text, timestamp, uuid } from "./common";

export const apiKeyDetails = apiKeySchema
  .extend({
    lastUsedAt: timestamp.nullable().describe("When the key last authenticated a request (to the minute); null if never"),
    revokedAt: timestamp.nullable().describe("When the key was revoked; a revoked key answers 401"),
  })
  .meta({ id: "ApiKeyDetails" });

export const keyListResponse = z.object({ keys: z.array(apiKeyDetails) }).meta({ id: "ApiKeyList" });
export const keyParams = z.strictObject({ keyId: uuid.describe("API key id") });
export const keyResponse = z.object({ apiKey: apiKeyDetails }).meta({ id: "ApiKeyResponse" });

export const createKeyRequest = z
  .strictObject({ name: text(1, 80).describe("A label to recognise the key by") })
  .meta({ id: "CreateKeyRequest" });
export const createdKeyResponse = z
  .object({ key: z.string().describe("The API key secret. Shown once: store it now."), apiKey: apiKeyDetails })
  .meta({ id: "CreatedKeyResponse" });
