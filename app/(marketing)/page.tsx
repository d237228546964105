import { ButtonLink, Card, CardBody, Notice } from "@/components/ui";

const steps = [
  { title: "Tell us about your product", body: "Answer a short onboarding: what you build, for whom, and why it matters." },
  {
    title: "Review five agents' work",
    body: "Market strategist, brand architect, launch strategist, website copy and launch assets. Approve or reject each step.",
  },
  {
    title: "Launch, then grow weekly",
    body: "Take home a launch pack and a Marketing Playbook; then plan, draft and review your marketing week by week.",
  },
];

export default async function HomePage({ searchParams }: { searchParams: Promise<{ account_deleted?: string }> }) {
  const { account_deleted: accountDeleted } = await searchParams;
  return (
    <div className="space-y-16">
      {accountDeleted && (
        <Notice tone="success">Your account and all its data are deleted. Thank you for trying Launchloop.</Notice>
      )}
      <section className="max-w-3xl space-y-6">
        <p className="text-sm font-medium text-accent">AI marketing for founders</p>
        <h1 className="text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">
          Your launch, planned and drafted from your own answers.
        </h1>
        <p className="text-lg text-muted">
          Launchloop turns what you know about your product into a reviewed launch pack, then keeps your marketing moving with a
          weekly plan you approve.
        </p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink href="/signup" size="lg">
            Start free
          </ButtonLink>
          <ButtonLink href="/pricing" size="lg" variant="secondary">
            See pricing
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="how" className="space-y-6">
        <h2 id="how" className="text-xl font-semibold tracking-tight">
          How it works
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title}>
              <Card className="h-full">
                <CardBody className="space-y-2">
                  <span
                    aria-hidden
                    className="grid size-8 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent"
                  >
                    {index + 1}
                  </span>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="text-[15px] text-muted">{step.body}</p>
                </CardBody>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="api">
        <Card>
          <CardBody className="grid gap-6 md:grid-cols-2 md:items-center">
            <div className="space-y-3">
              <h2 id="api" className="text-xl font-semibold tracking-tight">
                Prefer code or an AI agent?
              </h2>
              <p className="text-[15px] text-muted">
                Everything in the dashboard is also a REST API and a remote MCP server. Sign up with one request, confirm the
                e-mail, and exchange its token for an API key.
              </p>
              <p className="text-[15px]">
                <a href="/docs">API reference</a> · <a href="/api/v1/meta">/api/v1/meta</a> for agents
              </p>
            </div>
            <pre className="text-xs sm:text-sm">{`curl -X POST $APP_URL/api/v1/signup \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"you@example.com",
       "password":"a-long-password",
       "acceptTerms":true}'`}</pre>
          </CardBody>
        </Card>
      </section>
    </div>
  );
}
