"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { accountSections as sections } from "./shell/nav-model";
import { cx } from "./ui";

/** The settings sections as tabs; the current one is marked for screen readers too. */
export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="-mx-4 mb-8 lg:hidden overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1">
        {sections.map((section) => {
          const current = pathname === section.href;
          return (
            <li key={section.href}>
              <Link
                href={section.href}
                aria-current={current ? "page" : undefined}
                className={cx(
                  "-mb-px inline-block border-b-2 px-3 py-2.5 text-[15px] whitespace-nowrap no-underline hover:no-underline",
                  current ? "border-accent font-medium text-ink" : "border-transparent text-muted hover:text-ink",
                )}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
