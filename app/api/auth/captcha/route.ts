import { route } from "@/lib/http/handle";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { getCaptchaChallenge } from "@/lib/operations/captcha";

export const dynamic = "force-dynamic";
export const GET = route(getCaptchaChallenge);
export const POST = methodNotAllowed("GET");
export { POST as PUT, POST as PATCH, POST as DELETE };
