import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Markdown } from "@/components/markdown";
import { stepLabels } from "@/components/project/labels";
import { Badge, Card, CardBody, PageHeader } from "@/components/ui";
import { runOperation } from "@/lib/actions/run-operation";
import { getSharedPack } from "@/lib/operations/dashboard";
import type { AgentType } from "@/lib/schemas/project";

export const metadata: Metadata = {
  title: "Shared launch pack",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/** A launch pack shared by its founder: read-only, no account needed, gone once the link is revoked. */
export default async function SharedPackPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const result = await runOperation(getSharedPack, { params: { token } });
  if (!result.ok) {
    if (result.error.code === "not_found" || result.error.code === "invalid_request") notFound();
    throw new Error(result.error.error);
  }
  const { project, items } = result.data;
  const sections = (Object.keys(stepLabels) as AgentType[])
    .map((agentType) => ({ agentType, items: items.filter((item) => item.agentType === agentType) }))
    .filter((section) => section.items.length > 0);
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
      {sections.length === 0 ? (
        <p className="text-muted">Nothing has been approved in this launch pack yet. Check back later.</p>
      ) : (
        <div className="space-y-10">
          {sections.map((section) => (
            <section key={section.agentType} aria-labelledby={`shared-${section.agentType}`} className="space-y-4">
              <h2 id={`shared-${section.agentType}`} className="text-xl font-semibold">
                {stepLabels[section.agentType].title}
              </h2>
              {section.items.map((item) => (
                <Card key={item.id} aria-label={item.title}>
                  <CardBody>
                    <h3 className="mb-2 text-base font-semibold">{item.title}</h3>
                    <Markdown source={item.body} />
                  </CardBody>
                </Card>
              ))}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
