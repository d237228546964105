import { Badge, Card, CardBody } from "@/components/ui";
import { apiOperations } from "@/lib/operations";
import { admits, errorCodesOf, isPublic } from "@/lib/operations/operation";

export const metadata = { title: "API reference" };

const methodTone = { GET: "success", POST: "accent", PATCH: "warning", DELETE: "danger" } as const;

/** The API reference for humans, from the same declarations as the OpenAPI document. */
export default function DocsPage() {
  const tags = [...new Set(apiOperations.map((operation) => operation.tag))];
  return (
    <div className="grid gap-10 lg:grid-cols-[12rem_1fr]">
      <nav aria-label="API sections" className="hidden lg:block">
        <ul className="sticky top-6 space-y-1 text-sm">
          {tags.map((tag) => (
            <li key={tag}>
              <a href={`#${tag}`} className="text-muted">
                {tag}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 space-y-10">
        <div className="prose-ll">
          <h1>API reference</h1>
          <p className="text-muted">
            Base path <code>/api/v1</code>. Authenticate with <code>Authorization: Bearer &lt;API key&gt;</code> (create keys in
            Settings → API keys, or by signup then bootstrap). Every error is JSON:{" "}
            <code>{`{"error": "...", "code": "...", "retryable": false}`}</code>. Machine-readable:{" "}
            <a href="/api/v1/openapi.json">openapi.json</a> and <a href="/api/v1/meta">meta</a>.
          </p>
        </div>
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={tag} className="space-y-3">
            <h2 id={tag} className="text-xl font-semibold tracking-tight">
              {tag}
            </h2>
            {apiOperations
              .filter((operation) => operation.tag === tag)
              .map((operation) => (
                <Card key={operation.id} id={operation.id}>
                  <CardBody className="space-y-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={methodTone[operation.rest.method]} className="font-mono">
                        {operation.rest.method}
                      </Badge>
                      <code className="text-sm break-all">{operation.rest.path}</code>
                      {admits(operation, "key") ? (
                        <Badge>API key</Badge>
                      ) : (
                        <Badge>{isPublic(operation) ? "public" : "browser only"}</Badge>
                      )}
                    </div>
                    <p className="font-medium">{operation.summary}</p>
                    {operation.description && <p className="text-[15px] text-muted">{operation.description}</p>}
                    <p className="text-sm text-muted">Errors: {errorCodesOf(operation).join(", ")}</p>
                  </CardBody>
                </Card>
              ))}
          </section>
        ))}
      </div>
    </div>
  );
}
