import { channelRules, shortenToFit } from "@/lib/channels";
import { languageName } from "@/lib/i18n/phrasebook";
import { clean } from "@/lib/i18n/text";
import type { ImageAltInput } from "@/lib/schemas/agent-inputs";
import { type ImageAltOutput, imageAltOutputSchema } from "@/lib/schemas/agent-outputs";
import { maxDraftedAltLength } from "@/lib/schemas/item-images";
import type { Task } from "./types";

export type { ImageAltInput, ImageAltOutput };

/**
 * The alt text of a post's image, drafted from the image itself (sent as an image part) and
 * the post it goes with, in the post's language. Only a model that sees images can do it: the
 * offline engine has no draft for it, and the upload then waits for the founder's words.
 */
export const imageAltWriter: Task<ImageAltInput, ImageAltOutput> = {
  name: "image_alt_text",
  useCase: "drafts",
  schema: imageAltOutputSchema,
  prompt: (input) => {
    const language = `${languageName(input.language)} (${input.language})`;
    return {
      system: [
        "You are Launchloop, writing alt text for one founder: the words a screen reader says in place of an image.",
        `Write the alt text in ${language}, whatever language the instructions or the image are in. Keep names, brands and text shown in the image as they are.`,
        "Describe only what you see: the subject, any text it shows word for word, and what matters for the post. Never guess people's names, feelings or facts the image does not show.",
        `One to three plain sentences, at most ${maxDraftedAltLength} characters. Do not start with "Image of" or "Picture of", add no hashtags, links or emoji.`,
        'If you cannot see the image, answer {"alt": null}. Answer with JSON only, matching the schema.',
      ].join("\n"),
      context: `## The post the image goes with (${channelRules[input.channel].label}, ${input.projectName})\n${input.post}`,
      task: `## Task\nWrite the alt text of the attached image (${input.image.width}x${input.image.height} pixels) for people who cannot see it.`,
    };
  },
  images: (input) => [{ bytes: input.image.bytes, mediaType: input.image.mediaType }],
  normalize: (output) => {
    const alt = clean(output.alt);
    return { alt: alt ? shortenToFit(alt, (candidate) => candidate.length <= maxDraftedAltLength) : null };
  },
};
