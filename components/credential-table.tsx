import type { ReactNode } from "react";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { When } from "@/components/ui/when";

/** One way in to the account (an API key, an assistant's grant): what it is, when it was made and last used. */
export interface Credential {
  id: string;
  name: ReactNode;
  detail: ReactNode;
  createdAt: string;
  lastUsedAt: string | null;
  revoke: ReactNode;
}

/**
 * The settings table of credentials that act as the founder: API keys and connected apps.
 * Dates hide on narrow screens, where the name, the detail and revoking are what matter.
 */
export function CredentialTable({
  caption,
  headings,
  credentials,
}: {
  caption: string;
  headings: { name: string; detail: string; createdAt: string };
  credentials: Credential[];
}) {
  return (
    <Table caption={caption}>
      <THead>
        <TR>
          <TH>{headings.name}</TH>
          <TH>{headings.detail}</TH>
          <TH className="hidden sm:table-cell">{headings.createdAt}</TH>
          <TH className="hidden sm:table-cell">Last used</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </TR>
      </THead>
      <TBody>
        {credentials.map((credential) => (
          <TR key={credential.id}>
            <TD>{credential.name}</TD>
            <TD className="whitespace-nowrap">{credential.detail}</TD>
            <TD className="hidden whitespace-nowrap text-muted sm:table-cell">
              <When at={credential.createdAt} />
            </TD>
            <TD className="hidden whitespace-nowrap text-muted sm:table-cell">
              <When at={credential.lastUsedAt} relative fallback="Never" />
            </TD>
            <TD className="text-right">{credential.revoke}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
