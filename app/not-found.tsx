import { SiteFrame } from "@/components/site-frame";
import { ButtonLink } from "@/components/ui";
import { currentBrowserSession } from "@/lib/actions/browser-session";
import { signOutAction } from "./(auth)/actions";
import { SignedInFrame } from "./(dashboard)/signed-in-frame";

export const metadata = { title: "Page not found" };

/** Any address that leads nowhere: inside the app shell for a signed-in founder, the public site's frame otherwise, with a way home. */
export default async function NotFound() {
  const session = await currentBrowserSession();
  const home = session ? { href: "/dashboard", label: "Back to your projects" } : { href: "/", label: "Go to the home page" };
  const page = (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-lg space-y-4 py-10 text-center" data-testid="not-found">
      <p className="text-sm font-medium text-muted">404</p>
      <h1 id="not-found-title" className="text-2xl font-semibold tracking-tight">
        This page does not exist
      </h1>
      <p className="text-[15px] text-muted">
        The address may be mistyped, or what it pointed to was moved or deleted. Nothing of yours was changed.
      </p>
      <div className="flex flex-wrap justify-center gap-3 pt-2">
        <ButtonLink href={home.href}>{home.label}</ButtonLink>
        {!session && (
          <ButtonLink href="/login" variant="secondary">
            Sign in
          </ButtonLink>
        )}
      </div>
    </section>
  );
  if (session) return <SignedInFrame session={session}>{page}</SignedInFrame>;
  return (
    <SiteFrame signOut={signOutAction}>
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">{page}</div>
    </SiteFrame>
  );
}
