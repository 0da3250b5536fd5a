import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Which RPC patterns each gateway controller method sends, and which service handler answers
 * each pattern, read from the sources (tools/route-map.ts joins them to the OpenAPI document).
 * A pattern is written `<Name>Patterns.<key>` or `<name>Pattern(…)` (through an alias of the
 * import or not); its subject is the value of that contract, passed in as `patterns`.
 */

/**
 * The contracts' patterns: constants `{ LabelPatterns: { list: 'messaging.labels.list', … } }`
 * and functions of a service name (`healthPattern`), named here with `<service>` for the name.
 */
export type PatternSource = Record<string, unknown>;

export interface Handler {
  service: string;
  /** `labels`, or `read-models/contacts-view`: the folder under the service's src/. */
  feature: string;
  /** From the repository root. */
  file: string;
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory()
      ? filesUnder(path)
      : path.endsWith('.ts') && !path.endsWith('.spec.ts')
        ? [path]
        : [];
  });
}

function parse(file: string, text = readFileSync(file, 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

/** Local name → exported name of each binding imported from the contracts (`P` → `LabelPatterns`). */
function contractImports(source: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of source.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      (statement.moduleSpecifier as ts.StringLiteral).text !== '@parley/contracts'
    )
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements)
        names.set(element.name.text, (element.propertyName ?? element.name).getText());
    }
  }
  return names;
}

/** The subject `node` names when it is `<Name>Patterns.<key>` or `<name>Pattern(…)`, else null. */
function subjectOf(node: ts.Node, imports: Map<string, string>, patterns: PatternSource): string | null {
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
    const name = imports.get(node.expression.text) ?? '';
    const subject = name.endsWith('Patterns')
      ? (patterns[name] as Record<string, unknown> | undefined)?.[node.name.text]
      : null;
    return typeof subject === 'string' ? subject : null;
  }
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const name = imports.get(node.expression.text) ?? '';
    const pattern = name.endsWith('Pattern') ? patterns[name] : null;
    return typeof pattern === 'function' ? String(pattern('<service>')) : null;
  }
  return null;
}

function isThisField(node: ts.Expression): node is ts.PropertyAccessExpression {
  return ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword;
}

function forEachDescendant(node: ts.Node, visit: (node: ts.Node) => void): void {
  node.forEachChild((child) => {
    visit(child);
    forEachDescendant(child, visit);
  });
}

interface ClassInfo {
  file: string;
  base: string | null;
  /** Constructor-injected fields → their class (`health` → `SystemHealthService`). */
  fields: Map<string, string>;
  methods: Map<string, ts.Node>;
  imports: Map<string, string>;
  functions: Map<string, ts.Node>;
}

/** Every class of the files, by name, with its methods and the file's top-level functions. */
function classesIn(files: Array<{ file: string; text?: string }>): Map<string, ClassInfo> {
  const classes = new Map<string, ClassInfo>();
  for (const { file, text } of files) {
    const source = parse(file, text);
    const imports = contractImports(source);
    const functions = new Map<string, ts.Node>();
    for (const statement of source.statements) {
      if (ts.isFunctionDeclaration(statement) && statement.name) functions.set(statement.name.text, statement);
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer)
            functions.set(declaration.name.text, declaration.initializer);
        }
      }
    }
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const heritage = statement.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
      const methods = new Map<string, ts.Node>();
      const fields = new Map<string, string>();
      for (const member of statement.members) {
        if (ts.isMethodDeclaration(member) && member.body) methods.set(member.name.getText(source), member.body);
        if (!ts.isConstructorDeclaration(member)) continue;
        for (const parameter of member.parameters) {
          if (parameter.type && ts.isTypeReferenceNode(parameter.type))
            fields.set(parameter.name.getText(source), parameter.type.typeName.getText(source));
        }
      }
      classes.set(statement.name.text, {
        file,
        fields,
        base: heritage?.types[0]?.expression.getText(source) ?? null,
        methods,
        imports,
        functions,
      });
    }
  }
  return classes;
}

/**
 * The subjects a controller method sends, in the order it names them: those it names itself and
 * those of the methods (`this.x(…)`, inherited ones included) and file functions it calls.
 */
function subjectsSentBy(
  classes: Map<string, ClassInfo>,
  className: string,
  method: string,
  patterns: PatternSource,
): string[] {
  const subjects: string[] = [];
  const seen = new Set<ts.Node>();
  const methodOf = (name: string | null, key: string): { body: ts.Node; info: ClassInfo } | null => {
    for (let info = name ? classes.get(name) : undefined; info; info = info.base ? classes.get(info.base) : undefined) {
      const body = info.methods.get(key);
      if (body) return { body, info };
    }
    return null;
  };
  const fieldOf = (name: string | null, field: string): string | null => {
    for (let info = name ? classes.get(name) : undefined; info; info = info.base ? classes.get(info.base) : undefined) {
      const type = info.fields.get(field);
      if (type) return type;
    }
    return null;
  };
  const walk = (body: ts.Node, info: ClassInfo, owner: string): void => {
    if (seen.has(body)) return;
    seen.add(body);
    forEachDescendant(body, (node) => {
      const subject = subjectOf(node, info.imports, patterns);
      if (subject && !subjects.includes(subject)) subjects.push(subject);
      if (!ts.isCallExpression(node)) return;
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
        const target = methodOf(owner, callee.name.text);
        if (target) walk(target.body, target.info, owner);
      } else if (ts.isPropertyAccessExpression(callee) && isThisField(callee.expression)) {
        // `this.health.report()`: a method of an injected gateway class.
        const injected = fieldOf(owner, callee.expression.name.text);
        const target = methodOf(injected, callee.name.text);
        if (target) walk(target.body, target.info, injected!);
      } else if (ts.isIdentifier(callee) && info.functions.has(callee.text)) {
        walk(info.functions.get(callee.text)!, info, owner);
      }
    });
  };
  const start = methodOf(className, method);
  if (start) walk(start.body, start.info, className);
  return subjects;
}

export interface GatewayCall {
  /** The controller's file. */
  file: string;
  subjects: string[];
}

/** `LabelsController_list` (the OpenAPI document's operationId) → its file and the subjects it sends. */
export function gatewayCalls(
  gatewaySrc: string,
  patterns: PatternSource,
  files = filesUnder(gatewaySrc).map((file) => ({ file })),
): Map<string, GatewayCall> {
  const classes = classesIn(files);
  const calls = new Map<string, GatewayCall>();
  for (const [className, info] of classes) {
    for (let owner: ClassInfo | undefined = info; owner; owner = owner.base ? classes.get(owner.base) : undefined) {
      for (const method of owner.methods.keys()) {
        const key = `${className}_${method}`;
        if (!calls.has(key))
          calls.set(key, { file: info.file, subjects: subjectsSentBy(classes, className, method, patterns) });
      }
    }
  }
  return calls;
}

/**
 * Subject → the handler that answers it (`@MessagePattern(<Patterns>.<key>)`): in a service, or
 * in libs/service-kit for what every service answers (health).
 */
export function serviceHandlers(root: string, patterns: PatternSource): Map<string, Handler> {
  const handlers = new Map<string, Handler>();
  const appsDir = join(root, 'apps');
  const sources = readdirSync(appsDir)
    .filter((app) => app !== 'gateway')
    .map((service) => ({ service, srcDir: join(appsDir, service, 'src') }));
  for (const { service, srcDir } of [
    ...sources,
    { service: 'every service (service-kit)', srcDir: join(root, 'libs/service-kit/src') },
  ]) {
    for (const file of filesUnder(srcDir)) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('@MessagePattern(')) continue;
      const source = parse(file, text);
      const imports = contractImports(source);
      forEachDescendant(source, (node) => {
        if (
          !ts.isDecorator(node) ||
          !ts.isCallExpression(node.expression) ||
          node.expression.expression.getText(source) !== 'MessagePattern'
        )
          return;
        const subject = subjectOf(node.expression.arguments[0], imports, patterns);
        const parts = relative(srcDir, file).split('/');
        const feature = parts[0] === 'read-models' ? parts.slice(0, 2).join('/') : parts.length > 1 ? parts[0] : '.';
        if (subject) handlers.set(subject, { service, feature, file: relative(root, file) });
      });
    }
  }
  return handlers;
}
