import { route } from "@/lib/http/handle";
import { getCaptchaChallenge } from "@/lib/operations/captcha";

export const dynamic = "force-dynamic";
export const GET = route(getCaptchaChallenge);
