// The reference's map of TypeDoc's JSON: one page per subpath, and where every documented name lives on them.
import type { JSONOutput } from 'typedoc';

export type Project = JSONOutput.ProjectReflection;
type Decl = JSONOutput.DeclarationReflection | JSONOutput.ReferenceReflection;

/** TypeDoc's reflection kinds (its ReflectionKind), the ones the package has. */
export const KIND = {
  module: 2,
  variable: 32,
  function: 64,
  class: 128,
  interface: 256,
  constructor: 512,
  property: 1024,
  method: 2048,
  typeLiteral: 65536,
  accessor: 262144,
  typeAlias: 2097152,
  reference: 4194304,
} as const;

/** The word a reader sees for a kind. */
export function kindWord(kind: number): string {
  switch (kind) {
    case KIND.variable:
      return 'constant';
    case KIND.function:
      return 'function';
    case KIND.class:
      return 'class';
    case KIND.interface:
      return 'interface';
    case KIND.typeAlias:
      return 'type';
    case KIND.property:
      return 'property';
    case KIND.method:
      return 'method';
    case KIND.accessor:
      return 'accessor';
    case KIND.constructor:
      return 'constructor';
    default:
      return 'name';
  }
}

/** One page of the reference: a subpath of the package and the declarations it documents. */
export interface Page {
  /** The TypeDoc module ('gridbits', 'core', 'tour', …). */
  module: JSONOutput.DeclarationReflection;
  /** What a user imports: 'gridbits', 'gridbits/core', … */
  path: string;
  file: string;
  /** The declarations shown on this page, in reading order. */
  decls: JSONOutput.DeclarationReflection[];
  /** Names this subpath also exports whose documentation lives on another page (the root's core names, namespaces). */
  elsewhere: { name: string; id: number }[];
}

/** An entry of the name index: a page's declaration or one of its members. */
export interface Entry {
  name: string;
  kind: number;
  href: string;
  page: Page;
}

/** A module's exports: its own declarations and the references to names declared elsewhere (TypeDoc's JSON types
 * children as declarations only). */
function exported(m: JSONOutput.DeclarationReflection): Decl[] {
  return (m.children ?? []) as Decl[];
}

function isReference(r: Decl): r is JSONOutput.ReferenceReflection {
  return r.variant === 'reference';
}

/** The order of the pages: the root, the core, then the engines as the package lists them, the worker last. */
const ORDER = ['gridbits', 'core', 'pieces', 'render', 'tour', 'walk', 'valley', 'fleet', 'worker'];

/** The order of the kinds on a page: what one calls first, then what one reads and passes. */
const KIND_ORDER: number[] = [KIND.function, KIND.class, KIND.interface, KIND.typeAlias, KIND.variable];

export class Reference {
  readonly pages: Page[];
  readonly entries: Entry[] = [];
  private readonly where = new Map<number, string>();
  private readonly byId = new Map<number, JSONOutput.SomeReflection>();

  constructor(readonly project: Project) {
    const modules = (project.children ?? []).filter(
      (m) => m.kind === KIND.module,
    ) as JSONOutput.DeclarationReflection[];
    const rank = (name: string): number => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
    modules.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
    for (const m of modules) this.index(m);

    // A name the root re-exports from a subpath is declared in the root module; it lives on the subpath's page.
    const home = new Map<number, JSONOutput.DeclarationReflection>();
    for (const m of modules) {
      if (m.name === 'gridbits') continue;
      for (const c of exported(m)) if (isReference(c)) home.set(c.target, m);
    }
    this.pages = modules.map((m) => ({
      module: m,
      path: m.name === 'gridbits' ? 'gridbits' : `gridbits/${m.name}`,
      file: `${m.name}.html`,
      decls: [],
      elsewhere: [],
    }));
    for (const page of this.pages) {
      for (const c of exported(page.module)) {
        const target = isReference(c) ? this.byId.get(c.target) : c;
        if (target?.variant !== 'declaration') continue;
        const at = home.get(target.id);
        // A subpath re-exporting its own names (core, whose names the root module declares) documents them itself.
        if (at === page.module || (at === undefined && c.variant === 'declaration')) page.decls.push(target);
        else page.elsewhere.push({ name: c.name, id: target.id });
      }
      page.decls.sort(
        (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.name.localeCompare(b.name),
      );
      page.elsewhere.sort((a, b) => a.name.localeCompare(b.name));
    }
    for (const page of this.pages) {
      this.where.set(page.module.id, page.file);
      for (const d of page.decls) this.place(d, page, d.name);
    }
    // References (the root's namespaces, the core names it re-exports) link where their targets live.
    for (const page of this.pages)
      for (const c of exported(page.module))
        if (isReference(c) && this.where.has(c.target)) this.where.set(c.id, this.where.get(c.target)!);
  }

  /** The link to a reflection by id: 'tour.html#countTours', or undefined for one the reference does not show. */
  href(id: number): string | undefined {
    return this.where.get(id);
  }

  reflection(id: number): JSONOutput.SomeReflection | undefined {
    return this.byId.get(id);
  }

  private index(r: JSONOutput.SomeReflection): void {
    this.byId.set(r.id, r);
    if ('children' in r) for (const c of r.children ?? []) this.index(c);
    if ('signatures' in r) for (const s of r.signatures ?? []) this.index(s);
  }

  /**
   * Gives a declaration its anchor (its name; a member's is 'Owner.member'), and everything inside it (signatures,
   * parameters, object-type members) the same link.
   */
  private place(d: JSONOutput.DeclarationReflection, page: Page, anchor: string): void {
    const href = `${page.file}#${anchor}`;
    this.where.set(d.id, href);
    this.entries.push({ name: anchor, kind: d.kind, href, page });
    const inner = (r: JSONOutput.SomeReflection | undefined, at: string): void => {
      if (!r) return;
      this.where.set(r.id, at);
      if ('signatures' in r) for (const s of r.signatures ?? []) inner(s, at);
      if ('parameters' in r) for (const p of r.parameters ?? []) inner(p, at);
      if ('type' in r && r.type?.type === 'reflection') inner(r.type.declaration, at);
    };
    for (const s of d.signatures ?? []) inner(s, href);
    if (d.type?.type === 'reflection') inner(d.type.declaration, href);
    const members = d.kind === KIND.class || d.kind === KIND.interface ? (d.children ?? []) : [];
    for (const m of members) {
      if (m.flags.isExternal) continue;
      const at = `${page.file}#${anchor}.${m.name}`;
      this.where.set(m.id, at);
      this.entries.push({ name: `${anchor}.${m.name}`, kind: m.kind, href: at, page });
      for (const s of m.signatures ?? []) inner(s, at);
      if (m.getSignature) inner(m.getSignature, at);
      if (m.type?.type === 'reflection') inner(m.type.declaration, at);
    }
  }
}
