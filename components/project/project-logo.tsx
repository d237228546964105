import { cx } from "@/components/ui";

/** The project's logo, or its initial on the accent colour until a logo is uploaded. */
export function ProjectLogo({ name, src, size = "md" }: { name: string; src?: string | null; size?: "sm" | "md" }) {
  const box = size === "sm" ? "size-8 text-sm" : "size-12 text-lg";
  if (src) {
    // biome-ignore lint/performance/noImgElement: a small uploaded image served by our own route
    return (
      <img
        src={src}
        alt={`${name} logo`}
        className={cx(box, "shrink-0 rounded-xl border border-line bg-surface object-contain")}
      />
    );
  }
  return (
    <span aria-hidden className={cx(box, "grid shrink-0 place-items-center rounded-xl bg-accent-soft font-semibold text-accent")}>
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
