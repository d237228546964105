import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";
import { accounts, ingestKeys } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { IngestKeyKind } from "@/lib/schemas/links";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { getOwnedProject } from "../project-records";
import { ownedRow, ownedRows } from "../tenant";

type IngestKeyRecord = typeof ingestKeys.$inferSelect;

const prefixes: Record<IngestKeyKind, string> = { secret: "llw_", publishable: "llp_" };
const defaultNames: Record<IngestKeyKind, string> = { secret: "Server", publishable: "Website" };

const serialize = (key: IngestKeyRecord) => ({
  id: key.id,
  projectId: key.projectId,
  kind: key.kind,
  name: key.name,
  prefix: key.prefix,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
});

/** A key that can only report conversions for one project; the secret is shown once, stored as SHA-256. */
export async function createIngestKey(ctx: ServiceContext, input: { projectId: string; kind: IngestKeyKind; name?: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const secret = `${prefixes[input.kind]}${randomToken(input.kind === "secret" ? 32 : 24)}`;
  const [created] = await ctx.db
    .insert(ingestKeys)
    .values({
      accountId: ctx.account.id,
      projectId: project.id,
      kind: input.kind,
      name: input.name ?? defaultNames[input.kind],
      keyHash: sha256Hex(secret),
      prefix: secret.slice(0, 12),
    })
    .returning();
  return { key: secret, ingestKey: serialize(created!) };
}

export async function listIngestKeys(ctx: ServiceContext, input: { projectId: string }) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const rows = await ctx.db
    .select()
    .from(ingestKeys)
    .where(ownedRows(ingestKeys, ctx.account.id, eq(ingestKeys.projectId, input.projectId), isNull(ingestKeys.revokedAt)))
    .orderBy(desc(ingestKeys.createdAt));
  return { keys: rows.map(serialize) };
}

export async function revokeIngestKey(ctx: ServiceContext, input: { projectId: string; keyId: string }) {
  const [revoked] = await ctx.db
    .update(ingestKeys)
    .set({ revokedAt: ctx.now })
    .where(
      ownedRow(ingestKeys, ctx.account.id, input.keyId, eq(ingestKeys.projectId, input.projectId), isNull(ingestKeys.revokedAt)),
    )
    .returning();
  if (!revoked) throw new AppError("not_found", "Key not found.");
  return { ingestKey: serialize(revoked) };
}

/** The live key of a kind behind a secret, touching when it was last used (at most once a minute). */
export async function findIngestKey(db: Database, { secret, kind, now }: { secret: string; kind: IngestKeyKind; now: Date }) {
  if (!secret.startsWith(prefixes[kind]) || secret.length > 200) return null;
  const [found] = await db
    .update(ingestKeys)
    .set({
      lastUsedAt: sql`case when ${ingestKeys.lastUsedAt} is null or ${ingestKeys.lastUsedAt} < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${ingestKeys.lastUsedAt} end`,
    })
    .where(and(eq(ingestKeys.keyHash, sha256Hex(secret)), eq(ingestKeys.kind, kind), isNull(ingestKeys.revokedAt)))
    .returning();
  return found ?? null;
}

/**
 * The caller behind `Authorization: Bearer llw_…`, a project's secret conversion key, or
 * null when the header holds no such key (the face then tries an API key, which refuses it).
 */
export async function authenticateIngestKey(
  db: Database,
  { authorization, now }: { authorization: string | null; now: Date },
): Promise<{ account: AccountRecord; principal: { kind: "ingest"; ingestKeyId: string; projectId: string } } | null> {
  const secret = /^Bearer\s+(llw_\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!secret) return null;
  const key = await findIngestKey(db, { secret, kind: "secret", now });
  if (!key) throw new AppError("unauthorized", "Unknown or revoked conversion key.");
  const [account] = await db.select().from(accounts).where(eq(accounts.id, key.accountId));
  if (!account) throw new AppError("unauthorized", "Unknown or revoked conversion key.");
  return { account, principal: { kind: "ingest", ingestKeyId: key.id, projectId: key.projectId } };
}
