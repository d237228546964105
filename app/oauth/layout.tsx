import type { ReactNode } from "react";

/** The consent page: one calm column, like the sign-in pages. */
export default function OAuthLayout({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">{children}</div>;
}
