import zlib from "node:zlib";
import type { LaunchPack } from "@/lib/exports/launch-pack";

/** A launch pack built in memory (no database): one section whose items have the given bodies. */
export function packWith(bodies: Record<string, string>, extra: Partial<LaunchPack> = {}): LaunchPack {
  return {
    format: "launchloop.launch-pack",
    version: 1,
    generatedAt: "2026-11-22T09:00:00.000Z",
    project: { id: "00000000-0000-4000-8000-000000000001", name: "Tidybooks", status: "launch_ready", language: "en" },
    brand: { name: "Tidybooks 整理簿", tagline: "Your books reconcile themselves overnight." },
    decisions: { brandName: "Tidybooks 整理簿", tagline: "Your books reconcile themselves overnight." },
    playbook: {
      markdown: "# Marketing Playbook: Tidybooks\n\n## Positioning\n\n**The specialist.** Bookkeeping for freelancers.",
    },
    sections: [
      {
        step: "launch-strategist",
        title: "Launch strategy",
        items: Object.entries(bodies).map(([title, body], index) => ({
          id: `item-${index}`,
          kind: "metrics",
          title,
          body,
          source: "offline",
          editedByFounder: false,
        })),
      },
    ],
    ...extra,
  } as unknown as LaunchPack;
}

/** A solid-colour PNG of the given size, encoded here (no image library needed). */
export function solidPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x4b, 0x3f, 0xe0]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", pixels),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}
