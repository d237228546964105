import { AlertPreferencesForm } from "@/components/alerts/alert-preferences-form";
import { Card, CardBody, CardHeader } from "@/components/ui";
import { When } from "@/components/ui/when";
import { readOperation } from "@/lib/actions/run-operation";
import { getMe } from "@/lib/operations/account";
import { getAlertPreferences } from "@/lib/operations/alerts";
import { listProjects } from "@/lib/operations/projects";
import { updateAlertPreferencesAction } from "../actions";
import { DeleteAccountForm, DeleteProjectForm } from "./danger-zone";

export const metadata = { title: "Account" };

export default async function AccountPage() {
  const [me, { projects }, { preferences }] = await Promise.all([
    readOperation(getMe),
    readOperation(listProjects),
    readOperation(getAlertPreferences),
  ]);
  return (
    <>
      <Card aria-labelledby="account-title">
        <CardHeader id="account-title" title="Your account" />
        <CardBody>
          <dl className="grid gap-4 text-[15px] sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted">E-mail</dt>
            <dd className="break-all">{me.account.email}</dd>
            <dt className="text-muted">Member since</dt>
            <dd>
              <When at={me.account.createdAt} />
            </dd>
            <dt className="text-muted">Password</dt>
            <dd>
              <a href="/forgot-password">Change it through an e-mailed link</a>
            </dd>
          </dl>
        </CardBody>
      </Card>

      <Card aria-labelledby="danger-title" className="border-danger/30">
        <CardHeader
          id="danger-title"
          tone="danger"
          title="Danger zone"
          description="Deleting cannot be undone. API keys can do neither of these; only you, signed in here."
        />
        <CardBody className="space-y-8">
          <section aria-labelledby="delete-project-title" className="space-y-3">
            <h3 id="delete-project-title" className="font-semibold">
              Delete a project
            </h3>
            <p className="text-sm text-muted">Removes the project with its drafts, launch pack, playbook and growth cycles.</p>
            <DeleteProjectForm projects={projects.map(({ id, name }) => ({ id, name }))} />
          </section>
          <hr className="border-line" />
          <section aria-labelledby="delete-account-title" className="space-y-3">
            <h3 id="delete-account-title" className="font-semibold">
              Delete your account
            </h3>
            <p className="text-sm text-muted">
              Removes every project, all content, your API keys and your sign-in. A paid subscription is cancelled first.
            </p>
            <DeleteAccountForm email={me.account.email} />
          </section>
        </CardBody>
      </Card>

      <Card aria-labelledby="alerts-title" id="alerts">
        <CardHeader
          id="alerts-title"
          title="Alerts"
          description="What Launchloop tells you by e-mail (one e-mail gathers everything of a few minutes) and on your dashboard. Work you start here in the dashboard shows its outcome in the page and is never alerted."
        />
        <CardBody>
          <AlertPreferencesForm preferences={preferences} save={updateAlertPreferencesAction} />
        </CardBody>
      </Card>
    </>
  );
}
