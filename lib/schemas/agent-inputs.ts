import type { BrandSystem, LaunchStrategy, MarketStrategy, WebsiteCopy } from "./agent-outputs";
import type { Channel } from "./growth";
import type { Decisions, Onboarding } from "./project";

// What each task Launchloop asks of a model works from: the same input for a model's
// prompt and for the offline drafting engine.

/** The approved outputs of earlier pipeline steps, by step. */
export interface ApprovedOutputs {
  "market-strategist"?: MarketStrategy;
  "brand-architect"?: BrandSystem;
  "launch-strategist"?: LaunchStrategy;
  "website-copy"?: WebsiteCopy;
}

/** Everything a pipeline agent works from. */
export interface AgentInput {
  projectName: string;
  /** BCP 47: what every word of the output is written in. */
  language: string;
  onboarding: Onboarding;
  decisions: Decisions;
  approved: ApprovedOutputs;
  /** The founder's feedback on the step's last rejected run, if any. */
  feedback: string | null;
  /** How many runs of this step the founder rejected before (a rerun varies its picks). */
  rejections: number;
  /** ISO date the run starts, for plans with real dates. */
  today: string;
}

/** What happened in an earlier week, as the planner reads it. */
export interface CycleHistory {
  weekNumber: number;
  theme: string;
  items: {
    channel: Channel;
    title: string;
    angle: string;
    status: string;
    result: string | null;
    grade: string | null;
    resultNote: string | null;
    /** The network's numbers for posts Launchloop published. */
    numbers?: { likes: number; reposts: number; replies: number; quotes: number | null } | null;
    /** What the post's tracked link brought: counted clicks and sign-ups. */
    results?: { clicks: number; signups: number } | null;
  }[];
  /** Per channel: published posts with numbers, their median and total engagement. */
  channelResults?: { channel: string; posts: number; medianEngagement: number; totalEngagement: number }[];
  tasks: { title: string; status: string }[];
  overall: string | null;
}

/** The parts of the Marketing Playbook the growth tasks read. */
export interface PlaybookDigest {
  positioning?: { name: string; statement: string } | null;
  valueProposition?: { angle: string; statement: string } | null;
  brand?: { name?: string | null; tagline?: string | null } | null;
  voice?: { description?: string | null; traits?: string[]; do?: string[]; dont?: string[] } | null;
  channels?: { channel: string; role?: string | null; cadence?: string | null }[];
  learnings?: { date: string; kind: string; text: string }[];
}

export interface PlannerInput {
  projectName: string;
  language: string;
  onboarding: Onboarding;
  decisions: Decisions;
  playbook: PlaybookDigest;
  weekNumber: number;
  history: CycleHistory[];
  /** ISO date of the planning day. */
  today: string;
}

export interface WriterInput {
  projectName: string;
  language: string;
  onboarding: Onboarding;
  decisions: Decisions;
  playbook: PlaybookDigest;
  weekNumber: number;
  item: {
    channel: Channel;
    title: string;
    angle: string;
    keyMessage: string;
    cta: string | null;
    notes: string | null;
    position: number;
  };
  feedback: string | null;
  /** How many drafts came before this one (a regeneration without feedback leads with other facts). */
  previousDrafts: number;
  previousBody: string | null;
}

/** What the alt text of a post's image is written from: the image itself and the post it goes with. */
export interface ImageAltInput {
  projectName: string;
  /** BCP 47: the language the post is written in. */
  language: string;
  channel: Channel;
  /** The post's title (if its channel has one) and text, as the founder will publish it. */
  post: string;
  image: { bytes: Uint8Array; mediaType: string; width: number; height: number };
}
