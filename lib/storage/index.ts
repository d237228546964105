import { config } from "@/lib/config";
import { localStorage } from "./local-storage";
import type { Storage } from "./storage";
import { supabaseStorage } from "./supabase-storage";

export type { Storage } from "./storage";

/** The storage in use: Supabase Storage when Supabase is configured, files under DATA_DIR otherwise. */
export function storage(): Storage {
  return config().supabase ? supabaseStorage : localStorage;
}
