import type { PackImageKind } from "@/lib/schemas/pack-images";

/** The cards a launch pack carries, each at the size its place asks for. */
export const cardSizes = {
  "open-graph": { width: 1200, height: 630, headline: 68, lines: 3 },
  square: { width: 1080, height: 1080, headline: 84, lines: 5 },
  portrait: { width: 1080, height: 1350, headline: 88, lines: 6 },
  "product-hunt": { width: 1270, height: 760, headline: 72, lines: 3 },
  header: { width: 1500, height: 500, headline: 60, lines: 2 },
} as const satisfies Record<PackImageKind, { width: number; height: number; headline: number; lines: number }>;

export type CardSize = keyof typeof cardSizes;
export const cardSizeNames = Object.keys(cardSizes) as [CardSize, ...CardSize[]];
