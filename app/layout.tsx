import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Launchloop",
  description: "From a founder's answers to a reviewed launch pack and a weekly growth loop.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site">
          <nav>
            <a className="brand" href="/">Launchloop</a>
            <a href="/docs">API reference</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
