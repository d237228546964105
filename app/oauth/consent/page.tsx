import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth-card";
import { Notice } from "@/components/ui";
import { currentBrowserSession } from "@/lib/actions/browser-session";
import { getDatabase } from "@/lib/db";
import { clientIpOf } from "@/lib/http/client-ip";
import { consentPath } from "@/lib/http/oauth/consent-path";
import { connectableNetworks, providerFor } from "@/lib/networks/registry";
import { checkAuthorization } from "@/lib/oauth/server";
import { type ScopeReach, scopeReach } from "@/lib/operations/app-scopes";
import { type RedirectTarget, redirectTargetOf } from "@/lib/schemas/oauth-clients";
import { authorizationParamsOf } from "@/lib/schemas/oauth-params";
import { type OAuthScope, oauthScopes, publishScope } from "@/lib/schemas/oauth-scopes";
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
  const requestHeaders = await headers();
  if (framed.has(requestHeaders.get("sec-fetch-dest") ?? "")) {
    return (
      <Notice tone="danger" title="Open this page on its own">
        For your safety, Launchloop does not ask for your consent inside another site.
      </Notice>
    );
  }
  const session = await currentBrowserSession();
  if (!session) redirect(`/login?next=${encodeURIComponent(consentPath(query))}`);
  const checked = await checkAuthorization(await getDatabase(), authorizationParamsOf(query), new Date(), {
    accountId: session.account.id,
    clientIp: clientIpOf(requestHeaders),
  });
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
  const reach = scopeReach();
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
          After you answer, <ReturnTarget target={redirectTargetOf(redirectUri)} />
        </p>
      </div>
      <div className="space-y-2">
        <h2 className="text-sm font-semibold">It will be able to</h2>
        <ul className="list-disc space-y-2 pl-5 text-[15px]">
          {scopes.map((scope) => (
            <li key={scope}>
              <ScopeLine scope={scope} reach={reach[scope]} />
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">
          {scopes.includes(publishScope)
            ? "It can post only to accounts you connected in a project's settings."
            : "It cannot post anything to your social accounts."}{" "}
          It can never manage your API keys, connected apps, sign-ins, account settings or billing.
        </p>
        <p className="text-sm text-muted">You can disconnect it any time in Settings → Connected apps.</p>
      </div>
      <ConsentForm params={params} clientName={client.name} />
    </AuthCard>
  );
}

/** The networks a founder can connect here, in words: "Bluesky, Mastodon and LinkedIn". */
function connectableInWords(): string {
  const names = connectableNetworks().map((network) => providerFor(network).label);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "none");
}

/** One scope: what it allows in plain words, then the tools it opens (from the operations' declarations). */
function ScopeLine({ scope, reach }: { scope: OAuthScope; reach: ScopeReach }) {
  const words =
    scope === publishScope
      ? `Post to your connected ${connectableInWords()} accounts: publish an approved item now, or schedule it so it goes out`
      : oauthScopes[scope];
  return (
    <>
      <strong className="font-semibold">{words}</strong> <span className="text-muted">({scope})</span>
      <span className="block text-sm text-muted">
        Tools: {reach.families.join(", ")}
        {reach.arguments.length > 0 &&
          ` (${[...reach.tools, ...reach.arguments.map((entry) => `${entry.tool} with ${entry.fields.join(" or ")}`)].join(
            "; ",
          )})`}
      </span>
    </>
  );
}

/** Where the founder's browser goes after the answer, as what it is: a site, a program on this computer, an app. */
function ReturnTarget({ target }: { target: RedirectTarget }) {
  if (target.kind === "web")
    return (
      <>
        you go back to the website <strong className="break-words">{target.host}</strong>.
      </>
    );
  if (target.kind === "loopback")
    return (
      <>
        you go back to <strong>a program on this computer</strong> (port {target.port}).
      </>
    );
  return (
    <>
      Launchloop returns you to <strong>the app {target.scheme}</strong> on this device.
    </>
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
