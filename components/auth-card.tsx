import type { ReactNode } from "react";
import { Card, CardBody } from "./ui";

/** The frame of an auth page: a heading, one sentence, the form, and links below. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <>
      <div className="mb-6 space-y-2 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-[15px] text-muted">{description}</p>}
      </div>
      <Card>
        <CardBody className="space-y-5 sm:py-6">{children}</CardBody>
      </Card>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-muted">{footer}</div>}
    </>
  );
}
