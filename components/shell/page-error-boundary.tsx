"use client";

import { unstable_rethrow, usePathname, useRouter } from "next/navigation";
import { Component, type ReactNode, startTransition } from "react";
import { Button, Notice } from "@/components/ui";

interface Props {
  pathname: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  pathname: string;
}

/**
 * What a dashboard page shows when reading it failed: a plain sentence and a way on, inside
 * the shell. It stands where an `error.tsx` would, but ships with the shell's own chunk: Next
 * loads an `error.tsx` only when the page's data names it, one round trip after the page's
 * scripts, and the page waits for it before it hydrates.
 */
export class PageErrorBoundaryHandler extends Component<Props, State> {
  state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    // Redirects and "not found" are Next's own signals for the boundaries above: not failures.
    unstable_rethrow(error);
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Another page opened: it gets its own chance.
    return props.pathname !== state.pathname ? { failed: false, pathname: props.pathname } : null;
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="space-y-4">
        <Notice tone="danger" title="This page could not be loaded">
          Nothing was lost. Try again in a moment, or go back to <a href="/dashboard">your projects</a>.
        </Notice>
        <Button
          variant="secondary"
          onClick={() => {
            this.props.onRetry();
            this.setState({ failed: false });
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
}

/** Catches a dashboard page's failure below the shell (or the project's header); "Try again" reads the page afresh. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  return (
    <PageErrorBoundaryHandler pathname={pathname} onRetry={() => startTransition(() => router.refresh())}>
      {children}
    </PageErrorBoundaryHandler>
  );
}
