import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Services take ONE object argument after the database handle or the caller's context:
// `getOwnedItem(db, { accountId, itemId })`, never `getOwnedItem(db, accountId, itemId)`, where
// two ids of the same type can be swapped without the compiler noticing. Read from the syntax
// of every exported function: in lib/services those taking a database or a context first,
// elsewhere in lib those taking the caller's context first (a service wherever it lives).

const contextTypes = new Set(["ServiceContext", "RequestContext"]);
const serviceHandleTypes = new Set(["Database", ...contextTypes]);
const primitiveKeywords = new Set([
  ts.SyntaxKind.StringKeyword,
  ts.SyntaxKind.NumberKeyword,
  ts.SyntaxKind.BooleanKeyword,
  ts.SyntaxKind.BigIntKeyword,
]);

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(file);
    return entry.name.endsWith(".ts") ? [file] : [];
  });
}

/** `Database`, `ServiceContext`, `Pick<ServiceContext, "db">`: the handle a service acts through. */
function isHandle(type: ts.TypeNode | undefined, handleTypes: Set<string>): boolean {
  if (!type || !ts.isTypeReferenceNode(type)) return false;
  const name = type.typeName.getText();
  if (handleTypes.has(name)) return true;
  return (name === "Pick" || name === "Omit") && isHandle(type.typeArguments?.[0], handleTypes);
}

function isPrimitive(parameter: ts.ParameterDeclaration): boolean {
  const type = parameter.type;
  if (type) {
    const members = ts.isUnionTypeNode(type) ? type.types : [type];
    return members.every(
      (member) =>
        primitiveKeywords.has(member.kind) || ts.isLiteralTypeNode(member) || member.kind === ts.SyntaxKind.UndefinedKeyword,
    );
  }
  const initial = parameter.initializer;
  return (
    !!initial &&
    (ts.isStringLiteralLike(initial) ||
      ts.isNumericLiteral(initial) ||
      initial.kind === ts.SyntaxKind.TrueKeyword ||
      initial.kind === ts.SyntaxKind.FalseKeyword)
  );
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** Every exported function of a file: declarations and `export const name = (…) =>`. */
function exportedFunctions(source: ts.SourceFile): { name: string; parameters: readonly ts.ParameterDeclaration[] }[] {
  return source.statements.flatMap((statement) => {
    if (!isExported(statement)) return [];
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      return [{ name: statement.name.text, parameters: statement.parameters }];
    }
    if (!ts.isVariableStatement(statement)) return [];
    return statement.declarationList.declarations.flatMap((declaration) => {
      const value = declaration.initializer;
      if (!value || !(ts.isArrowFunction(value) || ts.isFunctionExpression(value))) return [];
      return [{ name: declaration.name.getText(source), parameters: value.parameters }];
    });
  });
}

/** Where a service breaks the rule, as `file name(parameters)`. */
function positionalServices(folder: string, handleTypes = serviceHandleTypes, except = ""): string[] {
  return filesUnder(folder).flatMap((file) => {
    if (except && file.startsWith(except)) return [];
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    return exportedFunctions(source)
      .filter(({ parameters }) => isHandle(parameters[0]?.type, handleTypes))
      .filter(({ parameters }) => parameters.length > 2 || (parameters[1] !== undefined && isPrimitive(parameters[1])))
      .map(
        ({ name, parameters }) => `${file} ${name}(${parameters.map((parameter) => parameter.name.getText(source)).join(", ")})`,
      );
  });
}

describe("service signatures", () => {
  it("take the handle (database or caller context) and at most one object argument", () => {
    expect(positionalServices("lib/services")).toEqual([]);
    expect(positionalServices("lib", contextTypes, "lib/services/")).toEqual([]);
  });

  it("the check sees positional ids, in declarations and arrow functions alike", () => {
    const folder = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? "/tmp"), "service-signatures-"));
    try {
      fs.writeFileSync(
        path.join(folder, "probe.ts"),
        [
          "export async function byIds(db: Database, accountId: string, itemId: string) {}",
          "export const byId = (ctx: Pick<ServiceContext, 'db'>, itemId: string) => itemId;",
          "export async function withDefault(db: Database, status = 'canceled') {}",
          "export async function asObject(db: Database, { accountId, itemId }: { accountId: string; itemId: string }) {}",
          "export async function sweep(db: Database, now: Date) {}",
          "export function pure(title: string, extension: string) {}",
          "async function internal(db: Database, accountId: string, itemId: string) {}",
        ].join("\n"),
      );
      expect(positionalServices(folder).map((found) => found.slice(found.indexOf(" ") + 1))).toEqual([
        "byIds(db, accountId, itemId)",
        "byId(ctx, itemId)",
        "withDefault(db, status)",
      ]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
