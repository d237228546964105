import { LocalTime } from "@/components/local-time";
import { Card, CardBody, CardHeader, EmptyState, Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { listConnectedApps } from "@/lib/operations/connected-apps";
import { RevokeAppButton } from "./revoke-app-button";

export const metadata = { title: "Connected apps" };

const scopeWords: Record<string, string> = { "launchloop:read": "Read", "launchloop:write": "Write" };

export default async function ConnectedAppsPage() {
  const { apps } = await readOperation(listConnectedApps);
  return (
    <Card aria-labelledby="apps-title">
      <CardHeader
        id="apps-title"
        title="Connected apps"
        description={
          <>
            Assistants you connected by adding <code>/api/mcp</code> as a server and signing in. They act as you within what you
            allowed.
          </>
        }
      />
      <CardBody>
        {apps.length === 0 ? (
          <EmptyState
            title="No connected apps"
            description="Add Launchloop to your assistant by its URL; it asks you here to allow it."
          />
        ) : (
          <Table caption="Your connected apps">
            <THead>
              <TR>
                <TH>App</TH>
                <TH>Allowed</TH>
                <TH className="hidden sm:table-cell">Connected</TH>
                <TH className="hidden sm:table-cell">Last used</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {apps.map((app) => (
                <TR key={app.id}>
                  <TD>
                    <span className="font-medium">{app.clientName}</span>
                    <span className="block text-xs text-muted break-all">{app.redirectHost}</span>
                  </TD>
                  <TD className="whitespace-nowrap">{app.scopes.map((scope) => scopeWords[scope] ?? scope).join(", ")}</TD>
                  <TD className="hidden whitespace-nowrap text-muted sm:table-cell">
                    <LocalTime iso={app.createdAt} />
                  </TD>
                  <TD className="hidden whitespace-nowrap text-muted sm:table-cell">
                    <LocalTime iso={app.lastUsedAt} relative fallback="Never" />
                  </TD>
                  <TD className="text-right">
                    <RevokeAppButton grantId={app.id} name={app.clientName} />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </CardBody>
    </Card>
  );
}
