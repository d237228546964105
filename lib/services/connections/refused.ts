import { AppError, type ErrorCode } from "@/lib/errors";
import { NetworkError } from "@/lib/networks/errors";
import type { FieldDescriptor, FormSpec } from "@/lib/networks/provider";
import { badInput } from "@/lib/networks/service-url";

/** The form the founder filled to connect (a network's fields, Mastodon's instance step) and what they typed. */
export interface FilledForm {
  spec: FormSpec;
  /** Where the form's fields sit in the request (`fields`, `instance`): the issues' paths start with it. */
  prefix: string;
  values: Record<string, unknown>;
}

/** The outbound guard's refusals, as the founder reads them. */
const guardWords: [RegExp, string][] = [
  [/private addresses/, "That address is not public: Launchloop only connects to servers on the internet."],
  [/only https/, "Use an https:// address."],
  [/credentials are not fetched/, "Remove the name and password from the address."],
  [/redirects are not followed/, "That address sends elsewhere: use the address it ends at."],
  [/not a URL/, "Enter a full address, starting with https://."],
];
const guardRefusal = (message: string) => guardWords.find(([pattern]) => pattern.test(message))?.[1];

const lowerFirst = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);
const given = (form: FilledForm, field: FieldDescriptor | undefined) =>
  field && typeof form.values[field.name] === "string" && (form.values[field.name] as string).trim() !== "" ? field : undefined;

/** The field a refusal concerns, and its sentence; none when no field the founder filled is the cause. */
function fieldReason(error: NetworkError, label: string, form: FilledForm): { field: string; message: string } | undefined {
  const { fields } = form.spec;
  const address = given(
    form,
    fields.find((field) => field.kind === "url"),
  );
  const server = address?.server ?? "server";
  // A provider that names the field itself ("fields.siteUrl: …").
  const named = /^fields\.(\w+): (.*)$/s.exec(error.message);
  if (error.code === badInput || (error.kind === "permanent" && guardRefusal(error.message))) {
    const said = named?.[2] ?? error.message;
    const words = guardRefusal(said) ?? `${said[0]!.toUpperCase()}${said.slice(1)}`;
    const field = named?.[1] ?? address?.name;
    return field ? { field, message: words } : undefined;
  }
  if (error.kind === "transient" && address)
    return {
      field: address.name,
      message: error.mayHaveArrived
        ? `That ${server} did not answer in time. Try again in a minute.`
        : `Couldn't reach that ${server}. Check the address.`,
    };
  if (error.kind === "auth") {
    const credentials = fields.filter((field) => !field.optional && field.kind !== "url" && field.kind !== "select");
    const last = credentials.at(-1);
    if (!last) return undefined;
    return {
      field: last.name,
      message:
        credentials.length > 1
          ? `Wrong ${credentials.map((field) => lowerFirst(field.label)).join(" or ")}.`
          : `${label} refused this ${lowerFirst(last.label)}.`,
    };
  }
  // A refusal of the server itself (not Mastodon, no API there) where the address is all the form asks.
  if (error.kind === "permanent" && address && fields.length === 1)
    return { field: address.name, message: `${label} refused: ${error.message.replace(/^[^:]*: /, "")}.` };
  return undefined;
}

/**
 * The network's refusal as the founder's answer, with the field it concerns as an issue
 * (`fields.appPassword`: "Wrong handle or app password."): a refused address or credentials
 * → 400, a server that cannot be reached → 400 at its field, anything else → retry later.
 */
export function refusedConnect(error: unknown, label: string, form?: FilledForm): never {
  if (!(error instanceof NetworkError)) throw error;
  const reason = form ? fieldReason(error, label, form) : undefined;
  const code: ErrorCode =
    error.code === badInput || (error.kind === "permanent" && guardRefusal(error.message))
      ? "invalid_request"
      : error.kind === "auth" || error.kind === "permanent" || (error.kind === "transient" && reason && !error.mayHaveArrived)
        ? "connection_refused"
        : "provider_unavailable";
  if (reason) {
    const issues = [{ path: `${form!.prefix}.${reason.field}`, message: reason.message }];
    throw new AppError(code, `${label} was not connected: ${reason.message}`, { details: { issues } });
  }
  if (code === "invalid_request") throw new AppError(code, error.message.replace(/^fields\.\w+: /, ""));
  if (code === "connection_refused") throw new AppError(code, `${label} refused: ${error.message.replace(/^[^:]*: /, "")}`);
  throw new AppError(code, `${label} did not answer (${error.message}). Try again in a moment.`);
}
