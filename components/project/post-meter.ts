import { countAs } from "@/lib/channels/count";
import type { Channel } from "@/lib/schemas/growth";
import { type Measure, measurePostWith } from "./post-measures";

export { channelOfKind, type Measure } from "./post-measures";

/** A post's lengths as its channel counts them; see measurePostWith. */
export const measurePost = (channel: Channel, body: string): Measure[] => measurePostWith(countAs, channel, body);
