// TypeScript types and signatures as HTML, each name the package documents linked to its place in the reference.
import type { JSONOutput } from 'typedoc';
import { KIND, type Reference } from './model.js';

type Type = JSONOutput.SomeType;
type Declaration = JSONOutput.DeclarationReflection;
type Signature = JSONOutput.SignatureReflection;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The text a piece of HTML shows (to measure how wide a line gets). */
const shown = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * A line longer than this is broken: one parameter, member or union arm a line (the box holds about 100 columns;
 * a member's name before its type takes some).
 */
const WIDTH = 84;

/** Binding strength, to know where a type needs parentheses: `(A | B)[]`, `(() => T) | U`. */
const Prec = { Any: 0, Union: 1, Intersection: 2, Operator: 3, Postfix: 4 } as const;
type Prec = (typeof Prec)[keyof typeof Prec];

export class TypeWriter {
  constructor(private readonly ref: Reference) {}

  /** A type as HTML; `indent` is the indentation of the line it starts on, for types broken over lines. */
  type(t: Type | undefined, indent = '', prec: Prec = Prec.Any): string {
    if (!t) return 'unknown';
    const paren = (html: string, own: Prec): string => (own < prec ? `(${html})` : html);
    switch (t.type) {
      case 'intrinsic':
        return t.name;
      case 'unknown':
        return escapeHtml(t.name);
      case 'literal':
        return `<span class="s">${escapeHtml(literal(t.value))}</span>`;
      case 'reference':
        return this.reference(t, indent);
      case 'array':
        return `${this.type(t.elementType, indent, Prec.Postfix)}[]`;
      case 'union': {
        const arms = t.types.map((x) => this.type(x, indent + '  ', Prec.Union));
        const line = arms.join(' | ');
        if (shown(indent + line).length <= WIDTH || prec > Prec.Any) return paren(line, Prec.Union);
        return arms.map((a) => `\n${indent}  | ${a}`).join('');
      }
      case 'intersection':
        return paren(t.types.map((x) => this.type(x, indent, Prec.Intersection)).join(' &amp; '), Prec.Intersection);
      case 'tuple':
        return `[${(t.elements ?? []).map((x) => this.type(x, indent)).join(', ')}]`;
      case 'namedTupleMember':
        return `${escapeHtml(t.name)}${t.isOptional ? '?' : ''}: ${this.type(t.element, indent)}`;
      case 'optional':
        return `${this.type(t.elementType, indent, Prec.Postfix)}?`;
      case 'rest':
        return `...${this.type(t.elementType, indent, Prec.Postfix)}`;
      case 'typeOperator':
        return paren(`${t.operator} ${this.type(t.target, indent, Prec.Operator)}`, Prec.Operator);
      case 'query':
        return `typeof ${this.type(t.queryType, indent)}`;
      case 'indexedAccess':
        return `${this.type(t.objectType, indent, Prec.Postfix)}[${this.type(t.indexType, indent)}]`;
      case 'predicate':
        return `${t.asserts ? 'asserts ' : ''}${escapeHtml(t.name)}${t.targetType ? ` is ${this.type(t.targetType, indent)}` : ''}`;
      case 'conditional':
        return paren(
          `${this.type(t.checkType, indent, Prec.Union)} extends ${this.type(t.extendsType, indent)} ? ` +
            `${this.type(t.trueType, indent)} : ${this.type(t.falseType, indent)}`,
          Prec.Union,
        );
      case 'mapped':
        return (
          `{ ${t.readonlyModifier === '+' ? 'readonly ' : ''}[${escapeHtml(t.parameter)} in ` +
          `${this.type(t.parameterType, indent)}]${t.optionalModifier === '+' ? '?' : ''}: ${this.type(t.templateType, indent)} }`
        );
      case 'templateLiteral':
        return `\`${escapeHtml(t.head)}${t.tail.map(([x, s]) => `\${${this.type(x, indent)}}${escapeHtml(s)}`).join('')}\``;
      case 'inferred':
        return `infer ${escapeHtml(t.name)}`;
      case 'reflection':
        return this.literalType(t.declaration, indent, prec);
    }
  }

  /** `name(a: A, b?: B): R` (or the arrow form for a function type), broken a parameter a line when long. */
  signature(s: Signature, indent = '', arrow = false): string {
    const params = (s.parameters ?? []).map(
      (p) =>
        `${p.flags.isRest ? '...' : ''}${escapeHtml(p.name)}${p.flags.isOptional || p.defaultValue ? '?' : ''}: ` +
        this.type(p.type, indent + '  '),
    );
    const head = `${arrow ? '' : `<b>${escapeHtml(s.name === '__type' ? '' : s.name)}</b>`}${this.typeParameters(s.typeParameters)}`;
    const result = `${arrow ? ' =&gt; ' : ': '}${this.type(s.type, indent)}`;
    const line = `${head}(${params.join(', ')})${result}`;
    if (shown(indent + line).length <= WIDTH || params.length === 0) return line;
    return `${head}(${params.map((p) => `\n${indent}  ${p},`).join('')}\n${indent})${result}`;
  }

  typeParameters(tps: JSONOutput.TypeParameterReflection[] | undefined): string {
    if (!tps?.length) return '';
    const one = (tp: JSONOutput.TypeParameterReflection): string =>
      `${escapeHtml(tp.name)}${tp.type ? ` extends ${this.type(tp.type)}` : ''}${tp.default ? ` = ${this.type(tp.default)}` : ''}`;
    return `&lt;${tps.map(one).join(', ')}&gt;`;
  }

  /** A property's line: `readonly name?: T`. */
  property(p: Declaration, indent = ''): string {
    const ro = p.flags.isReadonly ? 'readonly ' : '';
    const st = p.flags.isStatic ? 'static ' : '';
    return `${st}${ro}<b>${escapeHtml(propertyName(p.name))}</b>${p.flags.isOptional ? '?' : ''}: ${this.type(p.type, indent)}`;
  }

  private reference(t: JSONOutput.ReferenceType, indent: string): string {
    const args = t.typeArguments?.length
      ? `&lt;${t.typeArguments.map((a) => this.type(a, indent)).join(', ')}&gt;`
      : '';
    const href = typeof t.target === 'number' && !t.refersToTypeParameter ? this.ref.href(t.target) : undefined;
    const name = escapeHtml(t.name);
    return `${href ? `<a href="${href}">${name}</a>` : name}${args}`;
  }

  /** An object type written out: its call signatures, or its members inline when short and a line each when long. */
  private literalType(d: Declaration, indent: string, prec: Prec): string {
    const sigs = d.signatures ?? [];
    if (sigs.length === 1 && !d.children?.length && !d.indexSignatures?.length) {
      const fn = this.signature(sigs[0], indent, true);
      return prec > Prec.Any ? `(${fn})` : fn;
    }
    const inner = indent + '  ';
    const members = [
      ...sigs.map((s) => this.signature(s, inner, false).replace(/^<b><\/b>/, '')),
      ...(d.indexSignatures ?? []).map((s) => {
        const p = s.parameters?.[0];
        return `[${escapeHtml(p?.name ?? 'key')}: ${this.type(p?.type, inner)}]: ${this.type(s.type, inner)}`;
      }),
      ...(d.children ?? []).map((c) =>
        c.kind === KIND.method && c.signatures?.length
          ? c.signatures.map((s) => this.signature(s, inner)).join('; ')
          : this.property(c, inner),
      ),
    ];
    if (members.length === 0) return '{}';
    const line = `{ ${members.join('; ')} }`;
    if (shown(indent + line).length <= WIDTH && !line.includes('\n')) return line;
    return `{${members.map((m) => `\n${inner}${m};`).join('')}\n${indent}}`;
  }
}

/** A property name as written in a type: quoted when it is not an identifier ('tour.count'). */
function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
}

function literal(v: JSONOutput.LiteralType['value']): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `'${v.replace(/'/g, "\\'")}'`;
  if (typeof v === 'object') return `${v.negative ? '-' : ''}${v.value}n`;
  return String(v);
}
