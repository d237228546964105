import { Badge, Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { channelRules } from "@/lib/channels/rules";
import type { Results } from "@/lib/schemas/links";
import { percent } from "./results-chart";

/** One row per channel or post: sign-ups first, because that is what the next week follows. */
export function ResultsTable({ rows, caption, first }: { rows: Results["rows"]; caption: string; first: string }) {
  return (
    <Table caption={caption}>
      <THead>
        <TR>
          <TH scope="col">{first}</TH>
          <TH scope="col" className="text-right">
            Sign-ups
          </TH>
          <TH scope="col" className="text-right">
            Clicks
          </TH>
          <TH scope="col" className="text-right">
            Rate
          </TH>
        </TR>
      </THead>
      <TBody>
        {rows.map((row) => (
          <TR key={row.key}>
            <TD className="max-w-xs">
              <span className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 truncate">
                  {first === "Channel" && row.channel ? channelRules[row.channel].label : row.label}
                </span>
                {first !== "Channel" && row.channel && <Badge tone="neutral">{channelRules[row.channel].label}</Badge>}
              </span>
            </TD>
            <TD className="text-right font-semibold tabular-nums">{row.signups}</TD>
            <TD className="text-right tabular-nums">{row.clicks}</TD>
            <TD className="text-right tabular-nums text-muted">{percent(row.conversionRate)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
