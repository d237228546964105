import type { Database } from "@/lib/db";
import type { PackCard } from "@/lib/exports/launch-pack";
import { cardKindName, cardSectionWords } from "@/lib/i18n/card-words";
import { storage } from "@/lib/storage";
import type { ProjectRecord } from "../project-records";
import { packImageRows } from "./pack-images";

/** The pack's drawn cards with their PNG bytes, titled in the project's language, for the exports. */
export async function packCardsOf(db: Database, project: ProjectRecord): Promise<{ title: string; cards: PackCard[] }> {
  const rows = (await packImageRows(db, project)).filter((row) => row.storageKey);
  const cards = await Promise.all(
    rows.map(async (row) => {
      const stored = await storage()
        .get(row.storageKey!)
        .catch(() => null);
      if (!stored) return null;
      return {
        kind: row.kind,
        title: cardKindName(project.language, row.kind),
        alt: row.alt,
        width: row.width,
        height: row.height,
        png: stored.body,
      };
    }),
  );
  return { title: cardSectionWords(project.language).title, cards: cards.filter((card) => card !== null) };
}
