"use client";

import { useState } from "react";
import {
  Button,
  ButtonLink,
  Card,
  CardBody,
  CardHeader,
  Dialog,
  Notice,
  Table,
  TBody,
  TD,
  Textarea,
  TH,
  THead,
  TR,
} from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { importItemsAction, previewItemImportAction } from "./actions";

interface PreviewRow {
  line: number;
  channel: string | null;
  day: string | null;
  title: string;
  text: string;
  problems: string[];
}

/** The week's items in and out as CSV: a download, and an import that shows each row's problems before saving. */
export function ItemsCsvCard({ projectId, cycleId }: { projectId: string; cycleId: string }) {
  return (
    <Card aria-labelledby="items-csv-title" data-testid="items-csv">
      <CardHeader
        id="items-csv-title"
        title="This week as a spreadsheet"
        description="Columns: channel, day, title, text, link. Download the week's items, or add items from a CSV."
      />
      <CardBody className="flex flex-wrap gap-2 text-sm">
        <ButtonLink href={`/projects/${projectId}/growth/items-csv?cycle=${cycleId}`} variant="secondary" size="sm" download>
          Download as CSV
        </ButtonLink>
        <Dialog trigger={{ label: "Import from CSV", size: "sm" }} title="Import items from CSV">
          {(close) => <ImportForm cycleId={cycleId} onDone={close} />}
        </Dialog>
      </CardBody>
    </Card>
  );
}

function ImportForm({ cycleId, onDone }: { cycleId: string; onDone: () => void }) {
  const [csv, setCsv] = useState("");
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const { pending, error, run } = useOperationAction();
  const valid = rows?.filter((row) => row.problems.length === 0).length ?? 0;
  return (
    <div className="space-y-4 text-sm">
      <div className="space-y-1">
        <label htmlFor="items-csv-file" className="block font-medium">
          A CSV file
        </label>
        <input
          id="items-csv-file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (file) {
              setCsv(await file.text());
              setRows(null);
            }
          }}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="items-csv-text" className="block font-medium">
          Or paste it
        </label>
        <Textarea
          id="items-csv-text"
          rows={6}
          value={csv}
          placeholder={"channel,day,title,text,link\nx,Tue,Launch day,We are live.,https://example.com"}
          onChange={(event) => {
            setCsv(event.target.value);
            setRows(null);
          }}
        />
      </div>
      <Button
        size="sm"
        variant="secondary"
        disabled={!csv.trim() || pending}
        onClick={() =>
          void run(
            () => previewItemImportAction(cycleId, csv),
            (data) => setRows(data.rows),
            { refresh: false },
          )
        }
      >
        Check the rows
      </Button>
      {rows && (
        <Table aria-label="Rows to import">
          <THead>
            <TR>
              <TH>Line</TH>
              <TH>Channel</TH>
              <TH>Day</TH>
              <TH>Title</TH>
              <TH>Problems</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((row) => (
              <TR key={row.line}>
                <TD>{row.line}</TD>
                <TD>{row.channel ?? "—"}</TD>
                <TD>{row.day ?? "—"}</TD>
                <TD>{row.title}</TD>
                <TD className={row.problems.length ? "text-danger" : "text-muted"}>
                  {row.problems.length ? row.problems.join(" ") : "Ready"}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {rows && (
        <Button
          size="sm"
          disabled={valid === 0 || pending}
          onClick={() => void run(() => importItemsAction(cycleId, csv)).then((ok) => ok && onDone())}
        >
          {valid === rows.length ? `Import ${valid} items` : `Import the ${valid} ready rows`}
        </Button>
      )}
      {error && <Notice tone="danger">{error}</Notice>}
    </div>
  );
}
