"use client";

import Link from "next/link";
import { startCheckout } from "@/app/(dashboard)/projects/actions";
import { useBlankGuard } from "@/components/blanks/blank-guard";
import { PlanBadge } from "@/components/plan-badge";
import { UpgradeCard } from "@/components/project/upgrade-card";
import { Button, Card, CardBody, Notice } from "@/components/ui";
import { type BlankPlace, blanksLeft, totalBlanks } from "@/lib/drafts/blanks";
import { useDownload } from "./use-download";

const exportFormats = [
  { format: "json", label: "JSON" },
  { format: "docx", label: "Word (DOCX)" },
  { format: "pdf", label: "PDF" },
  { format: "xlsx", label: "Excel (XLSX)" },
] as const;

/** "Take it with you": the whole pack as Markdown or an export, and where its blanks are (each a link to its step and item). */
export function PackFiles({ projectId, places, exportsNeed }: { projectId: string; places: BlankPlace[]; exportsNeed?: string }) {
  const { download, busy, failure, upgrade } = useDownload(projectId);
  const { guard, dialog } = useBlankGuard(places);
  const left = totalBlanks(places);
  return (
    <>
      <Card aria-labelledby="files-title">
        <CardBody className="flex flex-wrap items-center gap-3">
          <h2 id="files-title" className="mr-auto text-base font-semibold">
            Take it with you
          </h2>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => guard("Download", () => download("all=1", "all"))}
            disabled={busy !== undefined}
          >
            {busy === "all" ? "Preparing…" : "Download all (Markdown)"}
          </Button>
          {exportFormats.map(({ format, label }) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              onClick={() => guard("Export", () => download(`format=${format}`, format))}
              disabled={busy !== undefined}
            >
              {busy === format ? "Preparing…" : `Export ${label}`}
              {exportsNeed && <PlanBadge plan={exportsNeed} className="ml-0.5" />}
            </Button>
          ))}
        </CardBody>
        {left > 0 && (
          <div className="border-t border-line px-5 py-3 text-sm" data-testid="pack-blanks">
            <p className="font-medium text-warning">
              {blanksLeft(left)} in the pack: only you know what goes there. Click a highlighted blank to fill it.
            </p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {places.map((place) => (
                <li key={place.where}>
                  <Link href={place.href!}>{place.where}</Link> <span className="text-muted">({place.count})</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
      {dialog}
      {upgrade && <UpgradeCard body={upgrade} startCheckout={startCheckout} />}
      {failure && <Notice tone="danger">{failure}</Notice>}
    </>
  );
}
