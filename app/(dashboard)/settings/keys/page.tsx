import { CredentialTable } from "@/components/credential-table";
import { Card, CardBody, CardHeader, EmptyState } from "@/components/ui";
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
            <CredentialTable
              caption="Your API keys"
              headings={{ name: "Name", detail: "Key", createdAt: "Created" }}
              credentials={keys.map((key) => ({
                ...key,
                name: <span className="font-medium">{key.name}</span>,
                detail: <code className="text-xs">{key.prefix}…</code>,
                revoke: <RevokeKeyButton keyId={key.id} name={key.name} prefix={key.prefix} />,
              }))}
            />
          )}
        </CardBody>
      </Card>
    </>
  );
}
