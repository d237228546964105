import { apiOperations } from "@/lib/operations";

export const metadata = { title: "Launchloop API reference" };

/** The API reference for humans, from the same declarations as the OpenAPI document. */
export default function DocsPage() {
  const tags = [...new Set(apiOperations.map((operation) => operation.tag))];
  return (
    <>
      <h1>API reference</h1>
      <p className="muted">
        Base path <code>/api/v1</code>. Authenticate with <code>Authorization: Bearer &lt;API key&gt;</code>. Every error
        is JSON: <code>{`{"error": "...", "code": "...", "retryable": false}`}</code>. Machine-readable:{" "}
        <a href="/api/v1/openapi.json">openapi.json</a> and <a href="/api/v1/meta">meta</a>.
      </p>
      {tags.map((tag) => (
        <section key={tag}>
          <h2>{tag}</h2>
          {apiOperations
            .filter((operation) => operation.tag === tag)
            .map((operation) => (
              <div className="card" key={operation.id} id={operation.id}>
                <div>
                  <span className="method">{operation.method}</span> <code>{operation.path}</code>{" "}
                  {operation.auth === "key" ? <span className="badge">API key</span> : <span className="badge">public</span>}
                  {!operation.handler && <span className="badge">coming soon</span>}
                </div>
                <p><strong>{operation.summary}</strong></p>
                {operation.description && <p className="muted">{operation.description}</p>}
                <p className="muted">Errors: {operation.errors.join(", ")}</p>
              </div>
            ))}
        </section>
      ))}
    </>
  );
}
