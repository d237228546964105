import "server-only";
import { cookies } from "next/headers";
import { type Theme, themeCookie, themes } from "./themes";

/** The founder's chosen theme from its cookie; "system" (follow the device) unless one was chosen. */
export async function themeOf(): Promise<Theme> {
  const value = (await cookies()).get(themeCookie)?.value;
  return themes.find((theme) => theme === value) ?? "system";
}
