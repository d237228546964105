import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { themeOf } from "@/components/theme/theme-cookie";
import { Toaster } from "@/components/ui";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Launchloop", template: "%s · Launchloop" },
  description: "From a founder's answers to a reviewed launch pack and a weekly growth loop.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#f8f8fb" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry that response's CSP nonce (see proxy.ts).
  await connection();
  const theme = await themeOf();
  return (
    <html lang="en" data-theme={theme === "system" ? undefined : theme}>
      <body className="flex min-h-dvh flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Toaster>{children}</Toaster>
      </body>
    </html>
  );
}
