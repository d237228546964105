import { describe, expect, it } from "vitest";
import { buttondown } from "@/lib/networks/buttondown";

describe("Buttondown", () => {
  it("send by default, or keep a draft; a subject of the founder's own", () => {
    const schema = buttondown.itemOptions!.schema;
    expect(schema.parse({})).toEqual({ status: "send" });
    expect(schema.parse({ subject: " Launch week ", status: "draft" })).toEqual({ subject: "Launch week", status: "draft" });
    expect(schema.safeParse({ status: "scheduled" }).success).toBe(false);
  });

  it("connects with an API key in a password field", () => {
    const connect = buttondown.connect;
    if (connect.kind !== "form") throw new Error("Buttondown connects with a form");
    expect(connect.fields).toEqual([expect.objectContaining({ name: "apiKey", kind: "password" })]);
    expect(connect.schema.safeParse({ apiKey: "short" }).success).toBe(false);
  });

  it("an e-mail has a subject, one part, and numbers (opens and clicks)", () => {
    expect(buttondown.limits).toMatchObject({ titles: true, maxParts: 1 });
    expect(buttondown.metrics).toBeTypeOf("function");
  });
});
