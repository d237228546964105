import { and, desc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "@/lib/db";
import { agentRuns, projectLogos } from "@/lib/db/schema";
import { cardPalette, coloursIn } from "@/lib/images/card-palette";
import type { CardDesign } from "@/lib/images/render-card";
import type { BrandSystem, LaunchAssets, MarketStrategy } from "@/lib/schemas/agent-outputs";
import type { PackImageKind } from "@/lib/schemas/pack-images";
import { storage } from "@/lib/storage";
import type { ProjectRecord } from "../project-records";
import { ownedRows } from "../tenant";

/** A project's cards before their headlines: the brand's name, colours, logo and language. */
export interface PackDesign {
  base: Omit<CardDesign, "headline">;
  /** The headline a card gets until the founder writes their own. */
  headlineFor(kind: PackImageKind): string;
}

/** The newest output of a step that is completed or approved (a draft awaiting review counts: it is the pack being made). */
async function latestOutput<T>(db: Database, project: ProjectRecord, agentType: string): Promise<T | undefined> {
  const [run] = await db
    .select({ output: agentRuns.output })
    .from(agentRuns)
    .where(
      ownedRows(
        agentRuns,
        project.accountId,
        eq(agentRuns.projectId, project.id),
        eq(agentRuns.agentType, agentType),
        inArray(agentRuns.status, ["completed", "approved"]),
      ),
    )
    .orderBy(desc(agentRuns.startedAt))
    .limit(1);
  return (run?.output ?? undefined) as T | undefined;
}

/** The project's logo as PNG or JPEG (what satori draws), or null: one that does not decode is left off. */
async function logoOf(db: Database, project: ProjectRecord): Promise<CardDesign["logo"]> {
  const [row] = await db
    .select()
    .from(projectLogos)
    .where(and(eq(projectLogos.projectId, project.id), eq(projectLogos.accountId, project.accountId)));
  if (!row) return null;
  const stored = await storage().get(row.storageKey);
  if (!stored) return null;
  if (row.contentType === "image/png" || row.contentType === "image/jpeg")
    return { bytes: stored.body, contentType: row.contentType };
  const png = await sharp(stored.body, { failOn: "error" })
    .png()
    .toBuffer()
    .catch(() => null);
  return png ? { bytes: new Uint8Array(png), contentType: "image/png" } : null;
}

/**
 * What the cards are drawn from: the chosen name, tagline and palette (else the brand
 * system's first), the value proposition as the subline, the Product Hunt tagline on its
 * gallery image, the logo when there is one, in the project's language.
 */
export async function packDesign(db: Database, project: ProjectRecord): Promise<PackDesign> {
  const [brand, market, assets, logo] = await Promise.all([
    latestOutput<BrandSystem>(db, project, "brand-architect"),
    latestOutput<MarketStrategy>(db, project, "market-strategist"),
    latestOutput<LaunchAssets>(db, project, "launch-assets"),
    logoOf(db, project),
  ]);
  const { decisions, onboarding } = project;
  const name = decisions.brandName ?? brand?.brandNameOptions[0]?.name ?? onboarding.businessName ?? project.name;
  const chosen = coloursIn(decisions.colorPalette);
  const palette = cardPalette(chosen.length ? chosen : (brand?.palette ?? []));
  const valueProposition = decisions.valueProposition?.statement ?? market?.valuePropositions[0]?.statement ?? null;
  const tagline = decisions.tagline ?? brand?.taglineOptions[0] ?? assets?.productHunt?.tagline ?? valueProposition ?? name;
  return {
    base: {
      name,
      subline: valueProposition && valueProposition !== tagline ? valueProposition : null,
      palette,
      headlineWeight: 700,
      logo,
      language: project.language,
    },
    headlineFor: (kind) => (kind === "product-hunt" ? (assets?.productHunt?.tagline ?? tagline) : tagline),
  };
}
