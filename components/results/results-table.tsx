import { Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { channelRules } from "@/lib/channels/rules";
import type { Results } from "@/lib/schemas/links";
import { percent } from "./results-chart";

/** One row per channel or post: sign-ups first, because that is what the next week follows. */
export function ResultsTable({ rows, caption, first }: { rows: Results["rows"]; caption: string; first: string }) {
  return (
    // Fixed columns: the name wraps, the numbers keep their width, nothing scrolls sideways on a phone.
    <Table caption={caption} className="table-fixed">
      <THead>
        <TR>
          <TH scope="col">{first}</TH>
          <TH scope="col" className="w-24 text-right">
            Sign-ups
          </TH>
          <TH scope="col" className="w-20 text-right">
            Clicks
          </TH>
          <TH scope="col" className="hidden w-20 text-right sm:table-cell">
            Rate
          </TH>
        </TR>
      </THead>
      <TBody>
        {rows.map((row) => (
          <TR key={row.key}>
            <TD className="break-words">
              <span className="block">{first === "Channel" && row.channel ? channelRules[row.channel].label : row.label}</span>
              {first !== "Channel" && row.channel && (
                <span className="block text-xs text-muted">{channelRules[row.channel].label}</span>
              )}
            </TD>
            <TD className="text-right font-semibold tabular-nums">{row.signups}</TD>
            <TD className="text-right tabular-nums">{row.clicks}</TD>
            <TD className="hidden text-right tabular-nums text-muted sm:table-cell">{percent(row.conversionRate)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
