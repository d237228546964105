import { use } from "react";

type Counters = typeof import("@/lib/channels/count");
let loading: Promise<Counters> | undefined;

/** Loads the channel counters (twitter-text, for X's weighted count) when first needed rather than with the page. */
export const loadCounters = () => {
  loading ??= import("@/lib/channels/count");
  return loading;
};

/** The channel counters; the component suspends until they have loaded. */
export const useCounters = (): Counters => use(loadCounters());
