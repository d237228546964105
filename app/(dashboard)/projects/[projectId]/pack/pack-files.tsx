"use client";

import { startCheckout } from "@/app/(dashboard)/projects/actions";
import { useBlankGuard } from "@/components/blanks/blank-guard";
import { PlanBadge } from "@/components/plan-badge";
import { UpgradeCard } from "@/components/project/upgrade-card";
import { MenuButton, MenuItem, Notice } from "@/components/ui";
import type { BlankPlace } from "@/lib/drafts/blanks";
import { useDownload } from "./use-download";
import { usePackCommands } from "./use-pack-commands";

const exportFormats = [
  { format: "pdf", label: "PDF" },
  { format: "docx", label: "Word (DOCX)" },
  { format: "xlsx", label: "Excel (XLSX)" },
  { format: "json", label: "JSON" },
  { format: "zip", label: "everything (ZIP with the brand cards)" },
] as const;

/**
 * "Take it with you", as one Export menu: the whole pack as Markdown or an export file. While
 * blanks remain, each asks first and says where they are (each place a link to its item).
 */
export function PackFiles({ projectId, places, exportsNeed }: { projectId: string; places: BlankPlace[]; exportsNeed?: string }) {
  const { download, busy, failure, upgrade } = useDownload(projectId);
  const { guard, dialog } = useBlankGuard(places);
  usePackCommands();
  return (
    <>
      <MenuButton label={busy ? "Preparing…" : "Export"}>
        <MenuItem onClick={() => guard("Download", () => download("all=1", "all"))} disabled={busy !== undefined}>
          Download all (Markdown)
          {exportsNeed && <PlanBadge plan={exportsNeed} className="ml-auto" />}
        </MenuItem>
        {exportFormats.map(({ format, label }) => (
          <MenuItem
            key={format}
            onClick={() => guard("Export", () => download(`format=${format}`, format))}
            disabled={busy !== undefined}
          >
            Export {label}
            {exportsNeed && <PlanBadge plan={exportsNeed} className="ml-auto" />}
          </MenuItem>
        ))}
      </MenuButton>
      {dialog}
      {(upgrade || failure) && (
        <div className="w-full space-y-3">
          {upgrade && <UpgradeCard body={upgrade} startCheckout={startCheckout} />}
          {failure && <Notice tone="danger">{failure}</Notice>}
        </div>
      )}
    </>
  );
}
