import { CredentialTable } from "@/components/credential-table";
import { Card, CardBody, CardHeader, EmptyState } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { listConnectedApps } from "@/lib/operations/connected-apps";
import type { OAuthScope } from "@/lib/schemas/oauth-scopes";
import { RevokeAppButton } from "./revoke-app-button";

export const metadata = { title: "Connected apps" };

const scopeWords: Record<OAuthScope, string> = {
  "launchloop:read": "Read",
  "launchloop:write": "Write",
  "launchloop:publish": "Post",
};

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
          <CredentialTable
            caption="Your connected apps"
            headings={{ name: "App", detail: "Allowed", createdAt: "Connected" }}
            credentials={apps.map((app) => ({
              ...app,
              name: (
                <>
                  <span className="font-medium">{app.clientName}</span>
                  <span className="block text-xs text-muted break-all">{app.redirectHost}</span>
                </>
              ),
              detail: app.scopes.map((scope) => scopeWords[scope as OAuthScope] ?? scope).join(", "),
              revoke: <RevokeAppButton grantId={app.id} name={app.clientName} />,
            }))}
          />
        )}
      </CardBody>
    </Card>
  );
}
