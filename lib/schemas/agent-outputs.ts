import { z } from "zod";
import { type Channel, channelSchema } from "./growth";

// What each pipeline agent answers: the structured output a model (or the offline engine)
// must produce, and what a run resource carries once the run completes.

export const marketStrategySchema = z.object({
  marketSummary: z.string().describe("Two or three paragraphs: the problem, who has it, why now"),
  audienceAnalysis: z.string().describe("What the audience wants, fears and already tries"),
  idealCustomerProfiles: z
    .array(
      z.object({
        name: z.string().describe("A short, memorable label for the profile"),
        description: z.string(),
        painPoints: z.array(z.string()),
        whereTheyAre: z.array(z.string()).describe("Places and channels where they can be reached"),
        buyingTriggers: z.array(z.string()).describe("Moments that make them look for a solution"),
      }),
    )
    .describe("One to three ideal customer profiles"),
  competitorAngles: z
    .array(z.object({ alternative: z.string(), theirAngle: z.string(), ourOpening: z.string() }))
    .describe("What people use today and where this product wins; only alternatives the brief names, else a fill-in"),
  positioningOptions: z
    .array(z.object({ name: z.string(), statement: z.string(), whyItWorks: z.string() }))
    .describe("Three distinct positioning options for the founder to choose from"),
  valuePropositions: z.array(z.object({ angle: z.string(), statement: z.string() })).describe("Three value propositions"),
  risks: z.array(z.string()).describe("Market risks and open questions to validate"),
});
export type MarketStrategy = z.infer<typeof marketStrategySchema>;

export const brandSystemSchema = z.object({
  brandNameOptions: z
    .array(z.object({ name: z.string(), rationale: z.string() }))
    .describe("Name options, the current name first"),
  taglineOptions: z.array(z.string()).describe("Three to five taglines, each under ten words"),
  voice: z.object({
    description: z.string().describe("How the brand sounds, in two sentences"),
    traits: z.array(z.string()),
    do: z.array(z.string()).describe("Concrete writing rules to follow"),
    dont: z.array(z.string()).describe("Concrete writing rules to avoid"),
  }),
  palette: z
    .array(z.object({ name: z.string(), hex: z.string().describe("#RRGGBB"), use: z.string() }))
    .describe("Four or five colors with their roles"),
  paletteRationale: z.string(),
  messagingPillars: z
    .array(z.object({ pillar: z.string(), proofPoints: z.array(z.string()) }))
    .describe("Three messaging pillars"),
});
export type BrandSystem = z.infer<typeof brandSystemSchema>;

export const launchStrategySchema = z.object({
  launchGoal: z.string().describe("One measurable goal for the launch, from the founder's success definition and timeline"),
  launchPlan: z
    .array(
      z.object({ phase: z.string(), timing: z.string().describe("Real dates from today's date"), actions: z.array(z.string()) }),
    )
    .describe("Phases from pre-launch to the weeks after launch, within the founder's timeline"),
  channelStrategy: z
    .array(z.object({ channel: z.string(), role: z.string(), cadence: z.string(), firstMove: z.string() }))
    .describe("One entry per channel the founder will use; all cadences together within the weekly pieces budget"),
  metrics: z.array(z.object({ metric: z.string(), target: z.string() })),
  launchDayChecklist: z.array(z.string()),
  skipped: z.array(z.object({ what: z.string(), why: z.string() })).describe("Channels or work left out, and why"),
});
export type LaunchStrategy = z.infer<typeof launchStrategySchema>;

export const websiteCopySchema = z.object({
  home: z.object({
    headline: z.string().describe("Under ten words, the outcome for the audience"),
    subheadline: z.string(),
    primaryCta: z.string().describe("Button text, two to four words"),
    sections: z
      .array(z.object({ heading: z.string(), body: z.string() }))
      .describe("Problem, how it works, features, proof, final call to action"),
  }),
  about: z.object({ headline: z.string(), body: z.string().describe("The founder's story and why the product exists") }),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).describe("Five to eight questions customers really ask"),
});
export type WebsiteCopy = z.infer<typeof websiteCopySchema>;

/** Product Hunt's own limits, enforced like a channel's. */
export const productHuntLimits = { tagline: 60, description: 260 } as const;

const scriptSchema = z.object({
  hook: z.string().describe("The first seconds, spoken or shown"),
  onScreenText: z.string(),
  voiceOver: z.string(),
  caption: z.string().describe("The post's caption, with the call to action"),
});

const channelPostSchema = (channel: z.ZodType<Channel>) =>
  z.object({
    channel,
    title: z.string().nullable().describe("For channels whose posts have a title (Reddit, Pinterest, YouTube Shorts, long-form)"),
    parts: z.array(z.string()).describe("The post as published: one part, or a thread's posts in order"),
    hashtags: z.array(z.string()),
    script: scriptSchema
      .nullable()
      .describe("For short-video channels (TikTok, Reels, Shorts): the script's parts; null elsewhere"),
  });

const productHuntSchema = z.object({
  name: z.string(),
  tagline: z.string().describe(`At most ${productHuntLimits.tagline} characters`),
  description: z.string().describe(`At most ${productHuntLimits.description} characters`),
  firstComment: z.string().describe("The maker's first comment: the story and an ask"),
});

/**
 * The launch assets for a set of channels. `productHunt` says whether the pack has a Product
 * Hunt listing (software, or the founder asked), none (null), or either (a stored run).
 */
export const assetsSchema = (channel: z.ZodType<Channel>, productHunt: "listing" | "none" | "either" = "either") =>
  z.object({
    channelPosts: z.array(channelPostSchema(channel)).describe("One launch post per channel of the project"),
    announcementEmail: z.object({ subject: z.string(), previewText: z.string(), body: z.string() }),
    productHunt:
      productHunt === "listing"
        ? productHuntSchema
        : productHunt === "none"
          ? z.null().describe("No Product Hunt listing for this business")
          : productHuntSchema.nullable(),
    pressBlurb: z.string().describe("A short third-person paragraph a journalist can paste"),
  });

export const launchAssetsSchema = assetsSchema(channelSchema);
export type LaunchAssets = z.infer<typeof launchAssetsSchema>;

// The growth loop's two tasks: the weekly plan and one channel draft.

/** The plan as a model writes it (strict structured output: nullable, never optional), then normalized. */
export const plannerOutputSchema = z.object({
  weekTheme: z.string().describe("The week's theme, under 10 words"),
  rationale: z.string().describe("The pieces budget from the weekly hours, and what last week's grades and notes changed"),
  contentPlan: z.array(
    z.object({
      channel: channelSchema,
      audienceRationale: z.string().nullable(),
      items: z.array(
        z.object({
          title: z.string(),
          angle: z.string().describe("The way in: story, how-to, question, proof..."),
          keyMessage: z.string(),
          cta: z.string().nullable(),
          suggestedDay: z.string().describe("Mon, Tue, Wed, Thu, Fri, Sat or Sun"),
          notes: z.string().nullable(),
        }),
      ),
    }),
  ),
  founderTasks: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      category: z.string(),
      effort: z.string(),
      suggestedDay: z.string().nullable(),
    }),
  ),
  skipped: z
    .array(z.object({ what: z.string(), why: z.string() }))
    .describe("What was left out this week and why, including anything skipped last week and channels the founder dropped"),
});
export type PlannerOutput = z.infer<typeof plannerOutputSchema>;

// A growth draft's script is described by the writer's task text, so its fields carry no descriptions.
const draftScriptSchema = z.object({ hook: z.string(), onScreenText: z.string(), voiceOver: z.string(), caption: z.string() });

export const writerOutputSchema = z.object({
  title: z.string().nullable().describe("Only for channels whose posts have a title or subject"),
  body: z.string().describe("The post exactly as it will be published, ending with the call to action and link"),
  hashtags: z.array(z.string()),
  script: draftScriptSchema
    .nullable()
    .describe("For short-video channels: hook, on-screen text, voice-over and caption; null elsewhere"),
});
export type WriterOutput = z.infer<typeof writerOutputSchema>;

export const imageAltOutputSchema = z.object({
  alt: z.string().nullable().describe("What the image shows, for people who cannot see it; null when you cannot see the image"),
});
export type ImageAltOutput = z.infer<typeof imageAltOutputSchema>;
