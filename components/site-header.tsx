import { currentBrowserSession } from "@/lib/actions/browser-session";
import { AccountMenu } from "./account-menu";
import { ButtonLink } from "./ui";

const navLink = "rounded-md px-2 py-1 text-[15px] text-muted no-underline hover:text-ink hover:no-underline";

/** The header of every page: the brand, the public pages, and the account menu (signing out with `signOut`) or the way in. */
export async function SiteHeader({ signOut }: { signOut: () => Promise<void> }) {
  const session = await currentBrowserSession();
  return (
    <header className="border-b border-line bg-surface/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <a href={session ? "/dashboard" : "/"} className="brand-link mr-auto">
          <span aria-hidden className="brand-mark">
            L
          </span>
          Launchloop
        </a>
        <a href="/pricing" className={`${navLink} hidden sm:inline`}>
          Pricing
        </a>
        <a href="/docs" className={`${navLink} hidden sm:inline`}>
          API docs
        </a>
        {session ? (
          <>
            <a href="/dashboard" className={`${navLink} hidden sm:inline`}>
              Dashboard
            </a>
            <AccountMenu email={session.account.email} plan={session.account.plan} signOut={signOut} />
          </>
        ) : (
          <>
            <a href="/login" className={navLink}>
              Sign in
            </a>
            <ButtonLink href="/signup" size="sm">
              Get started
            </ButtonLink>
          </>
        )}
      </nav>
    </header>
  );
}
