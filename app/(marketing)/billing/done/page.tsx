import { ButtonLink, Card, CardBody } from "@/components/ui";
import { isSafeReturnPath } from "@/lib/schemas/return-path";

export const metadata = { title: "Thank you" };

export default async function CheckoutDonePage({ searchParams }: { searchParams: Promise<{ return?: string }> }) {
  const { return: back } = await searchParams;
  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardBody className="space-y-4 sm:py-8">
          <h1 className="text-2xl font-semibold tracking-tight">Thank you!</h1>
          <p className="text-[15px] text-muted">
            Your plan is being activated; it takes effect as soon as the payment is confirmed. Your API keys keep working.
          </p>
          <div className="flex flex-wrap gap-3">
            {isSafeReturnPath(back) && <ButtonLink href={back}>Continue where you left off</ButtonLink>}
            <ButtonLink href="/settings/billing" variant={isSafeReturnPath(back) ? "secondary" : "primary"}>
              See my billing
            </ButtonLink>
            <ButtonLink href="/docs" variant="secondary">
              API reference
            </ButtonLink>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
