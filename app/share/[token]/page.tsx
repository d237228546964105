import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Markdown } from "@/components/markdown";
import { stepLabels } from "@/components/project/labels";
import { Badge, Card, CardBody, PageHeader } from "@/components/ui";
import { runOperation } from "@/lib/actions/run-operation";
import { cardKindName } from "@/lib/i18n/card-words";
import { getSharedPack } from "@/lib/operations/dashboard";
import { agentTypes } from "@/lib/schemas/project";

const readSharedPack = cache((token: string) => runOperation(getSharedPack, { params: { token } }));

/** The pack's Open Graph card is the link's preview image, served while the link is live. */
export async function generateMetadata({ params }: { params: Promise<{ token: string }> }): Promise<Metadata> {
  const { token } = await params;
  const result = await readSharedPack(token);
  const card = result.ok ? result.data.images.find((image) => image.kind === "open-graph") : undefined;
  const title = result.ok
    ? `${result.data.project.decisions.brandName ?? result.data.project.name}: launch pack`
    : "Shared launch pack";
  return {
    title: "Shared launch pack",
    robots: { index: false, follow: false },
    referrer: "no-referrer",
    ...(card && {
      openGraph: { title, images: [{ url: card.url, width: card.width, height: card.height, alt: card.alt }] },
      twitter: { card: "summary_large_image", title, images: [{ url: card.url, alt: card.alt }] },
    }),
  };
}

/**
 * A launch pack shared by its founder: read-only, no account needed, gone once the link is
 * revoked. One step at a time (`?step=`, a link per step), so a reader on a phone does not
 * download the whole pack to read its first part.
 */
export default async function SharedPackPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ step?: string | string[] }>;
}) {
  const [{ token }, { step }] = await Promise.all([params, searchParams]);
  const result = await readSharedPack(token);
  if (!result.ok) {
    if (result.error.code === "not_found" || result.error.code === "invalid_request") notFound();
    throw new Error(result.error.error);
  }
  const { project, items, images } = result.data;
  const sections = agentTypes
    .map((agentType) => ({ agentType, items: items.filter((item) => item.agentType === agentType) }))
    .filter((section) => section.items.length > 0);
  const shown = sections.find((section) => section.agentType === step) ?? sections[0];
  const { decisions } = project;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        eyebrow="Shared launch pack · read-only"
        title={decisions.brandName ?? project.name}
        description={decisions.tagline}
      />
      {decisions.positioning && (
        <p className="mb-6 text-[15px]">
          <Badge tone="accent">{decisions.positioning.name}</Badge> {decisions.positioning.statement}
        </p>
      )}
      {images.length > 0 && (
        <section aria-labelledby="shared-cards" className="mb-8 space-y-3">
          <h2 id="shared-cards" className="text-xl font-semibold">
            Brand cards
          </h2>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            {images.map((image) => (
              <figure key={image.kind} className="space-y-1.5">
                {/* biome-ignore lint/performance/noImgElement: served by the share link's own URL */}
                <img
                  src={image.url}
                  alt={image.alt}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  className="h-auto w-full rounded-lg border border-line"
                />
                <figcaption className="text-xs text-muted">
                  {cardKindName("en", image.kind)} · {image.width}×{image.height}
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      )}
      {!shown ? (
        <p className="text-muted">Nothing has been approved in this launch pack yet. Check back later.</p>
      ) : (
        <>
          <nav
            aria-label="Steps of the pack"
            className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
          >
            {sections.map((section) => (
              <Link
                key={section.agentType}
                href={`/share/${token}?step=${section.agentType}`}
                scroll={false}
                aria-current={section === shown ? "page" : undefined}
                className="step-tab"
              >
                {stepLabels[section.agentType].title}
              </Link>
            ))}
          </nav>
          <section aria-labelledby="shared-step" className="space-y-4">
            <h2 id="shared-step" className="text-xl font-semibold">
              {stepLabels[shown.agentType].title}
            </h2>
            {shown.items.map((item) => (
              <Card key={item.id} aria-label={item.title}>
                <CardBody>
                  <h3 className="mb-2 text-base font-semibold">{item.title}</h3>
                  <Markdown source={item.body} />
                </CardBody>
              </Card>
            ))}
          </section>
        </>
      )}
    </div>
  );
}
