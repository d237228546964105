import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { PageErrorBoundaryHandler } from "@/components/shell/page-error-boundary";

// React's error boundaries work only in a browser render (a server render has none), and the
// unit suite has no DOM: this drives the boundary through React's own lifecycle, as React does
// when a child throws (getDerivedStateFromError, then render), and renders what it shows.

function Thrower(): ReactNode {
  throw new Error("the page's data could not be read");
}

/** A boundary around a child that throws, as React leaves it once the child has thrown. */
function caught(onRetry = vi.fn()) {
  const boundary = new PageErrorBoundaryHandler({ pathname: "/projects/p/pack", onRetry, children: createElement(Thrower) });
  let thrown: unknown;
  try {
    renderToStaticMarkup(createElement(Thrower));
  } catch (error) {
    thrown = error;
  }
  boundary.state = { ...boundary.state, ...PageErrorBoundaryHandler.getDerivedStateFromError(thrown) };
  boundary.setState = vi.fn((update) => {
    boundary.state = { ...boundary.state, ...(update as object) };
  }) as never;
  return { boundary, onRetry };
}

/** The element in a rendered tree whose text is `text`. */
function findByText(node: ReactNode, text: string): ReactElement<{ onClick?: () => void }> | undefined {
  if (!isValidElement(node)) return undefined;
  const { children } = node.props as { children?: ReactNode };
  if (children === text) return node as ReactElement<{ onClick?: () => void }>;
  for (const child of Array.isArray(children) ? children : [children]) {
    const found = findByText(child, text);
    if (found) return found;
  }
  return undefined;
}

describe("the dashboard's in-shell error boundary", () => {
  it("shows its children while nothing failed", () => {
    const boundary = new PageErrorBoundaryHandler({
      pathname: "/projects/p/pack",
      onRetry: vi.fn(),
      children: createElement("p", null, "The pack"),
    });
    expect(renderToStaticMarkup(createElement(Fragment, null, boundary.render()))).toBe("<p>The pack</p>");
  });

  it("shows the branded error when a child throws: a plain sentence, a way home and Try again", () => {
    const { boundary } = caught();
    expect(boundary.state.failed).toBe(true);
    const html = renderToStaticMarkup(createElement(Fragment, null, boundary.render()));
    expect(html).toContain("This page could not be loaded");
    expect(html).toContain("Nothing was lost.");
    expect(html).toMatch(/<a href="\/dashboard">your projects<\/a>/);
    expect(html).toMatch(/<button[^>]*>Try again<\/button>/);
    expect(html, "the child's error never reaches the page").not.toContain("could not be read");
  });

  it("Try again reads the page afresh and shows the children again", () => {
    const { boundary, onRetry } = caught();
    const retry = findByText(boundary.render(), "Try again");
    expect(retry?.props.onClick).toBeTypeOf("function");
    retry!.props.onClick!();
    expect(onRetry).toHaveBeenCalledOnce();
    expect(boundary.state.failed).toBe(false);
    expect(isValidElement(boundary.render()) && (boundary.render() as ReactElement).type).toBe(Thrower);
  });

  it("gives another page its own chance", () => {
    const { boundary } = caught();
    const next = PageErrorBoundaryHandler.getDerivedStateFromProps(
      { pathname: "/projects/p/growth", onRetry: vi.fn(), children: null },
      boundary.state,
    );
    expect(next).toEqual({ failed: false, pathname: "/projects/p/growth" });
    expect(
      PageErrorBoundaryHandler.getDerivedStateFromProps(
        { pathname: "/projects/p/pack", onRetry: vi.fn(), children: null },
        boundary.state,
      ),
    ).toBeNull();
  });

  it("lets Next's own signals (not found, redirect) pass to the boundaries above", async () => {
    const { notFound, redirect } = await import("next/navigation");
    for (const signal of [() => notFound(), () => redirect("/login")]) {
      let thrown: unknown;
      try {
        signal();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeDefined();
      expect(() => PageErrorBoundaryHandler.getDerivedStateFromError(thrown)).toThrow();
    }
  });
});
