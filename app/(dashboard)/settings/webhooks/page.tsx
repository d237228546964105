import type { z } from "zod";
import { Badge, Card, CardBody, CardHeader, EmptyState, Notice, Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { When } from "@/components/ui/when";
import { readOperation } from "@/lib/actions/run-operation";
import { listWebhookDeliveries, listWebhookEndpoints } from "@/lib/operations/webhooks";
import type { webhookDeliverySchema } from "@/lib/schemas/webhooks";
import { CreateWebhookForm } from "./create-webhook-form";
import { EndpointActions, RedeliverButton } from "./endpoint-actions";

export const metadata = { title: "Webhooks" };

const shownDeliveries = 10;
const statusTone = { succeeded: "success", failed: "danger", pending: "warning" } as const;
const statusLabel = { succeeded: "Delivered", failed: "Failed", pending: "Retrying" } as const;

type Delivery = z.output<typeof webhookDeliverySchema>;

function lastAttemptOf(delivery: Delivery) {
  const [last] = delivery.attempts;
  if (!last) return <span className="text-muted">Not sent yet</span>;
  return (
    <span>
      {last.statusCode ? `HTTP ${last.statusCode}` : (last.error ?? "No answer")} · {last.durationMs} ms ·{" "}
      <When at={last.at} time relative />
    </span>
  );
}

export default async function WebhooksPage() {
  const { endpoints } = await readOperation(listWebhookEndpoints);
  const deliveries = await Promise.all(
    endpoints.map(
      async (endpoint) => (await readOperation(listWebhookDeliveries, { params: { endpointId: endpoint.id } })).deliveries,
    ),
  );
  return (
    <>
      <Card aria-labelledby="add-webhook-title">
        <CardHeader
          id="add-webhook-title"
          title="Add a webhook endpoint"
          description={
            <>
              Your own tools hear of runs, weeks, posts, channels and sign-ups as they happen, signed per Standard Webhooks. See{" "}
              <a href="/docs">how to verify a delivery</a>.
            </>
          }
        />
        <CardBody>
          <CreateWebhookForm />
        </CardBody>
      </Card>
      <Card aria-labelledby="webhooks-title">
        <CardHeader
          id="webhooks-title"
          title="Your endpoints"
          description="Failed deliveries are retried for about 18 hours. An endpoint that fails for 5 days is turned off, and you get an e-mail."
        />
        <CardBody>
          {endpoints.length === 0 ? (
            <EmptyState
              title="No webhook endpoints yet"
              description="Add one above to send events to Zapier, n8n or your own server."
            />
          ) : (
            <ul className="space-y-8">
              {endpoints.map((endpoint, index) => (
                <li key={endpoint.id} className="space-y-3" aria-labelledby={`endpoint-${endpoint.id}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <code id={`endpoint-${endpoint.id}`} className="text-sm font-medium break-all">
                      {endpoint.url}
                    </code>
                    {endpoint.enabled ? (
                      <Badge tone={endpoint.failingSince ? "warning" : "success"}>
                        {endpoint.failingSince ? "Failing" : "On"}
                      </Badge>
                    ) : (
                      <Badge tone="danger">Off</Badge>
                    )}
                  </div>
                  <p className="text-sm text-muted">Sends {endpoint.events.join(", ")}</p>
                  {endpoint.disabledReason && (
                    <Notice tone="danger" title="Launchloop turned this endpoint off">
                      {endpoint.disabledReason}
                    </Notice>
                  )}
                  {endpoint.enabled && endpoint.failingSince && (
                    <Notice tone="warning">
                      Every attempt has failed since <When at={endpoint.failingSince} time />. It is turned off after 5 days.
                    </Notice>
                  )}
                  <EndpointActions endpointId={endpoint.id} url={endpoint.url} enabled={endpoint.enabled} />
                  {deliveries[index]!.length === 0 ? (
                    <p className="text-sm text-muted">Nothing sent yet.</p>
                  ) : (
                    <Table caption={`Latest deliveries to ${endpoint.url}`}>
                      <THead>
                        <TR>
                          <TH>Event</TH>
                          <TH className="hidden sm:table-cell">Status</TH>
                          <TH className="hidden sm:table-cell">Last attempt</TH>
                          <TH className="hidden sm:table-cell">Attempts</TH>
                          <TH>
                            <span className="sr-only">Redeliver</span>
                          </TH>
                        </TR>
                      </THead>
                      <TBody>
                        {deliveries[index]!.slice(0, shownDeliveries).map((delivery) => (
                          <TR key={delivery.id}>
                            <TD>
                              <code className="text-xs">{delivery.eventType}</code>
                              <span className="block text-xs text-muted">
                                <When at={delivery.createdAt} time />
                              </span>
                              {/* On a phone the status sits under the event, so Redeliver stays on the screen. */}
                              <span className="mt-1 block sm:hidden">
                                <Badge tone={statusTone[delivery.status]}>{statusLabel[delivery.status]}</Badge>
                              </span>
                            </TD>
                            <TD className="hidden sm:table-cell">
                              <Badge tone={statusTone[delivery.status]}>{statusLabel[delivery.status]}</Badge>
                            </TD>
                            <TD className="hidden text-sm sm:table-cell">{lastAttemptOf(delivery)}</TD>
                            <TD className="hidden text-sm sm:table-cell">{delivery.attempts.length}</TD>
                            <TD className="text-right">
                              <RedeliverButton deliveryId={delivery.id} label={`${delivery.eventType} ${delivery.eventId}`} />
                            </TD>
                          </TR>
                        ))}
                      </TBody>
                    </Table>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </>
  );
}
