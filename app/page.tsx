export default function HomePage() {
  return (
    <>
      <h1>Your launch, planned and drafted from your own answers.</h1>
      <p className="muted">
        Launchloop runs five AI agents over your onboarding answers (market strategist, brand architect, launch
        strategist, website copy, launch assets), lets you approve or reject each step, and hands you a launch pack
        and a Marketing Playbook. Then it plans, drafts and reviews your marketing week by week.
      </p>
      <div className="card">
        <h2 style={{ marginTop: 0 }}>Start with the API</h2>
        <pre>{`curl -X POST $APP_URL/api/v1/signup -H 'Content-Type: application/json' \\
  -d '{"email":"you@example.com","password":"a-long-password","acceptTerms":true}'`}</pre>
        <p>
          Then open the confirmation e-mail and exchange its token for an API key. The <a href="/docs">API reference</a>{" "}
          lists every endpoint; <a href="/api/v1/meta">/api/v1/meta</a> describes the service for agents.
        </p>
      </div>
    </>
  );
}
