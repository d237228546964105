import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth-card";
import { Notice } from "@/components/ui";
import { currentBrowserSession } from "@/lib/actions/browser-session";
import { getDatabase } from "@/lib/db";
import { consentPath } from "@/lib/oauth/consent-path";
import { authorizationParamsOf } from "@/lib/oauth/params";
import { oauthScopes } from "@/lib/oauth/scopes";
import { checkAuthorization } from "@/lib/oauth/server";
import { ConsentForm } from "./consent-form";

export const metadata = { title: "Connect an app" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const framed = new Set(["iframe", "frame", "embed", "object", "fencedframe"]);

/**
 * The OAuth consent page: who asks (the client's name and where it sends you back), what
 * for (the scopes in plain words) and as whom (the signed-in account); Allow or Deny.
 * Sign-in comes first, then the founder returns here. Never shown inside another page.
 */
export default async function ConsentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = await searchParams;
  const query = {
    getAll: (name: string) => [raw[name]].flat().filter((value) => value !== undefined),
    get: (name: string) => [raw[name]].flat()[0] ?? null,
  };
  if (framed.has((await headers()).get("sec-fetch-dest") ?? "")) {
    return (
      <Notice tone="danger" title="Open this page on its own">
        For your safety, Launchloop does not ask for your consent inside another site.
      </Notice>
    );
  }
  const session = await currentBrowserSession();
  if (!session) redirect(`/login?next=${encodeURIComponent(consentPath(query))}`);
  const checked = await checkAuthorization(await getDatabase(), authorizationParamsOf(query), new Date());
  if (checked.kind === "error") {
    return (
      <Refusal
        title="This request cannot be answered"
        message={`${checked.clientName} sent an incomplete request: ${checked.message}`}
      >
        <p className="mt-4 text-sm">
          <a href={checked.redirectTo} rel="noreferrer">
            Tell {checked.clientName} at {new URL(checked.redirectTo).host || "the app"}
          </a>
        </p>
      </Refusal>
    );
  }
  if (checked.kind === "refused") return <Refusal title="This app cannot connect" message={checked.message} />;
  const { client, scopes, redirectUri } = checked;
  const redirectHost = new URL(redirectUri).host || redirectUri;
  const identity =
    client.kind === "metadata_document" ? (
      <>
        It identifies itself with the metadata document at <strong className="break-words">{new URL(client.id).host}</strong>.
      </>
    ) : (
      <>It registered itself with Launchloop; its name is not verified.</>
    );
  const params = Object.fromEntries(
    Object.entries(checked.params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return (
    <AuthCard
      title={`Connect ${client.name} to Launchloop?`}
      description={
        <>
          You are signed in as <strong>{session.account.email}</strong>.
        </>
      }
    >
      <div className="space-y-3 text-[15px]">
        <p>
          <strong>{client.name}</strong> asks to use your Launchloop account. {identity}
        </p>
        <p>
          After you answer, you go back to <strong className="break-words">{redirectHost}</strong>.
        </p>
      </div>
      <div className="space-y-2">
        <h2 className="text-sm font-semibold">It will be able to</h2>
        <ul className="list-disc space-y-1 pl-5 text-[15px]">
          {scopes.map((scope) => (
            <li key={scope}>
              {oauthScopes[scope]} <span className="text-muted">({scope})</span>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">You can disconnect it any time in Settings → Connected apps.</p>
      </div>
      <ConsentForm params={params} clientName={client.name} />
    </AuthCard>
  );
}

/** Why the consent page asks nothing: the founder stays here, with a way back to the dashboard. */
function Refusal({ title, message, children }: { title: string; message: string; children?: React.ReactNode }) {
  return (
    <AuthCard
      title={title}
      footer={
        <p>
          <a href="/dashboard">Back to your dashboard</a>
        </p>
      }
    >
      <Notice tone="danger">{message}</Notice>
      {children}
    </AuthCard>
  );
}
