import { LocalTime } from "@/components/local-time";
import { Card, CardBody, CardHeader, EmptyState, Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { listKeys } from "@/lib/operations/keys";
import { CreateKeyForm } from "./create-key-form";
import { RevokeKeyButton } from "./revoke-key-button";

export const metadata = { title: "API keys" };

export default async function KeysPage() {
  const { keys } = await readOperation(listKeys);
  return (
    <>
      <Card aria-labelledby="create-key-title">
        <CardHeader
          id="create-key-title"
          title="Create an API key"
          description={
            <>
              Keys let scripts and AI agents use the <a href="/docs">REST API</a> and the MCP server at <code>/api/mcp</code> as
              you.
            </>
          }
        />
        <CardBody>
          <CreateKeyForm />
        </CardBody>
      </Card>
      <Card aria-labelledby="keys-title">
        <CardHeader id="keys-title" title="Your keys" description="Revoke a key you no longer use or that may have leaked." />
        <CardBody>
          {keys.length === 0 ? (
            <EmptyState title="No API keys yet" description="Create one above when you want to call Launchloop from code." />
          ) : (
            <Table caption="Your API keys">
              <THead>
                <TR>
                  <TH>Name</TH>
                  <TH>Key</TH>
                  <TH className="hidden sm:table-cell">Created</TH>
                  <TH className="hidden sm:table-cell">Last used</TH>
                  <TH>
                    <span className="sr-only">Actions</span>
                  </TH>
                </TR>
              </THead>
              <TBody>
                {keys.map((key) => (
                  <TR key={key.id}>
                    <TD className="font-medium">{key.name}</TD>
                    <TD>
                      <code className="text-xs whitespace-nowrap">{key.prefix}…</code>
                    </TD>
                    <TD className="hidden whitespace-nowrap text-muted sm:table-cell">
                      <LocalTime iso={key.createdAt} />
                    </TD>
                    <TD className="hidden whitespace-nowrap text-muted sm:table-cell">
                      <LocalTime iso={key.lastUsedAt} relative fallback="Never" />
                    </TD>
                    <TD className="text-right">
                      <RevokeKeyButton keyId={key.id} name={key.name} prefix={key.prefix} />
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          )}
        </CardBody>
      </Card>
    </>
  );
}
