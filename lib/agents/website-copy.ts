import { wordsFor } from "@/lib/i18n/phrasebook";
import { type WebsiteCopy, websiteCopySchema } from "@/lib/schemas/agent-outputs";
import { pipelinePrompt } from "./prompt";
import type { Agent } from "./types";

export const websiteCopy: Agent<WebsiteCopy> = {
  type: "website-copy",
  name: "website_copy",
  title: "Website copy",
  useCase: "drafts",
  schema: websiteCopySchema,
  prompt: (input) =>
    pipelinePrompt(
      input,
      "Act as a conversion copywriter. Write website copy in the approved brand voice, on the chosen positioning, for the ideal customer profiles. Specific beats clever; every section earns the next.",
      "Write the home page (headline, subheadline, call to action, sections), the about page and the FAQ.",
    ),
  toContent: (output, input) => {
    const w = wordsFor(input.language);
    return [
      {
        kind: "homepage",
        title: w.t("title.homepage"),
        body: `# ${output.home.headline}\n\n${output.home.subheadline}\n\n**[${output.home.primaryCta}]**\n\n${output.home.sections.map((section) => (section.heading ? `## ${section.heading}\n\n${section.body}` : section.body)).join("\n\n")}`,
      },
      {
        kind: "about",
        title: w.t("title.about"),
        body: `${output.about.headline ? `# ${output.about.headline}\n\n` : ""}${output.about.body}`,
      },
      {
        kind: "faq",
        title: w.t("title.faq"),
        body: output.faq.map((entry) => `## ${entry.question}\n\n${entry.answer}`).join("\n\n"),
      },
    ];
  },
};
