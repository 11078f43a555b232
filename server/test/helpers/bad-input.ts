// Generated bad input for the whole HTTP surface: values that break types, limits, encodings and
// SQL, mixed into inputs shaped like the real ones (field names and value shapes read from the
// shared zod schemas as JSON Schema). Seeded, so a failure replays with the same seed.
import { z } from 'zod';
import * as accountSchemas from '@tonieshelf/shared/schemas/account';
import * as audioSchemas from '@tonieshelf/shared/schemas/audio';
import * as authSchemas from '@tonieshelf/shared/schemas/auth';
import * as commonSchemas from '@tonieshelf/shared/schemas/common';
import * as moderationSchemas from '@tonieshelf/shared/schemas/moderation';
import * as profileSchemas from '@tonieshelf/shared/schemas/profile';
import * as reviewSchemas from '@tonieshelf/shared/schemas/review';
import * as setSchemas from '@tonieshelf/shared/schemas/set';
import * as shelfSchemas from '@tonieshelf/shared/schemas/shelf';
import * as tagSchemas from '@tonieshelf/shared/schemas/tag';
import * as tonieSchemas from '@tonieshelf/shared/schemas/tonie';
import type { Random } from '../../src/seed/prng';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

const SOME_UUID = '7d444840-9dc0-11d1-b245-5ffdce74fad2';

/** Values that have broken servers: wrong types, edges of integers and floats, encodings, injections, sizes. */
export const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  0.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  '',
  ' ',
  '0',
  '-1',
  '1e400',
  'NaN',
  'Infinity',
  '0x10',
  ' 1 ',
  '9'.repeat(40),
  '2026-13-45',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\u202e\u202dreversed',
  '😀'.repeat(300),
  'a'.repeat(5000),
  'b'.repeat(70_000),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  "' or '1'='1",
  '%',
  '%00',
  '\\',
  '_%',
  '../../etc/passwd',
  '//evil.example/x',
  '/\\evil.example',
  'javascript:alert(1)',
  'https://evil.example/',
  'constructor',
  '__proto__',
  SOME_UUID,
  '00000000-0000-0000-0000-000000000000',
  'TS-AAAA-BBBB',
  'a@b',
  'x@example.com',
  [],
  [null],
  ['a\u0000'],
  Array.from({ length: 500 }, (_, i) => i),
  {},
  { $ne: 1 },
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
];

const SCHEMA_MODULES = [
  accountSchemas,
  audioSchemas,
  authSchemas,
  commonSchemas,
  moderationSchemas,
  profileSchemas,
  reviewSchemas,
  setSchemas,
  shelfSchemas,
  tagSchemas,
  tonieSchemas,
];

/** Field name -> the JSON Schemas the shared zod schemas give it (the input side). */
export function fieldVocabulary(): Map<string, JsonSchema[]> {
  const fields = new Map<string, JsonSchema[]>();
  const visit = (schema: JsonSchema, depth: number) => {
    if (depth > 6) return;
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      fields.set(name, [...(fields.get(name) ?? []), field]);
      visit(field, depth + 1);
    }
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) visit(branch, depth + 1);
    if (schema.items) visit(schema.items, depth + 1);
  };
  for (const module of SCHEMA_MODULES) {
    for (const value of Object.values(module)) {
      if (!(value instanceof z.ZodType)) continue;
      try {
        visit(z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }) as JsonSchema, 0);
      } catch {
        // A schema JSON Schema cannot express (a transform's output): its fields come from others.
      }
    }
  }
  return fields;
}

/** URL-encoded text; a lone surrogate becomes bytes that are not UTF-8 at all (%ED%A0%80). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `%ED%A0%80${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}`;
  }
}

export class InputGenerator {
  readonly names: string[];

  constructor(
    readonly random: Random,
    readonly vocabulary: Map<string, JsonSchema[]>,
  ) {
    this.names = [...vocabulary.keys()].sort();
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  bad(): unknown {
    return this.pick(BAD_VALUES);
  }

  /** A value that fits `schema` (mostly): enums, formats, bounds at their edges. */
  fitting(schema: JsonSchema, depth = 0): unknown {
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return this.pick(schema.enum);
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches?.length) return this.fitting(this.pick(branches), depth + 1);
    const type = Array.isArray(schema.type) ? this.pick(schema.type) : schema.type;
    switch (type) {
      case 'object':
        return depth > 4 ? {} : Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, this.fieldValue(k, s, depth + 1)]));
      case 'array': {
        const n = this.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 5) + (this.random() < 0.1 ? 100 : 0));
        return Array.from({ length: n }, () => (schema.items ? this.fitting(schema.items, depth + 1) : this.bad()));
      }
      case 'integer':
      case 'number': {
        const min = schema.minimum ?? 0;
        const max = schema.maximum ?? min + 1000;
        return this.pick([min, max, min - 1, max + 1, this.int(min, Math.min(max, min + 100))]);
      }
      case 'boolean':
        return this.random() < 0.5;
      case 'string': {
        if (schema.format === 'uuid' || schema.format === 'guid') return SOME_UUID;
        if (schema.format === 'email') return `fuzz${this.int(0, 999)}@example.com`;
        const min = schema.minLength ?? 0;
        const max = schema.maxLength ?? 40;
        const length = this.pick([min, max, max + 1, this.int(min, Math.min(max, min + 20))]);
        return 'abcdefghij'.repeat(Math.ceil(length / 10) + 1).slice(0, Math.max(0, length));
      }
      case 'null':
        return null;
      default:
        return this.bad();
    }
  }

  /** A value for the field `name`: one that fits a schema it has, or a bad one. */
  fieldValue(name: string, schema?: JsonSchema, depth = 0): unknown {
    if (this.random() < 0.35) return this.bad();
    const known = schema ?? (this.vocabulary.has(name) ? this.pick(this.vocabulary.get(name)!) : undefined);
    return known ? this.fitting(known, depth) : this.bad();
  }

  /** An input object: the fields a procedure asked for (each kept, dropped or spoilt), plus strangers. */
  object(fields: readonly string[]): Record<string, unknown> {
    const input: Record<string, unknown> = {};
    for (const name of fields) if (this.random() < 0.9) input[name] = this.fieldValue(name);
    const extra = this.random() < 0.5 ? 0 : this.int(1, 3);
    for (let i = 0; i < extra; i++) {
      const name = this.pick(this.names);
      input[name] = this.fieldValue(name);
    }
    return input;
  }

  /** A whole input: mostly shaped like `fields`, sometimes no object at all. */
  input(fields: readonly string[]): unknown {
    const r = this.random();
    if (r < 0.08) return this.bad();
    if (r < 0.1) return undefined;
    return this.object(fields);
  }

  /** A URL path segment: a plausible id or name, or bad text, URL-encoded. */
  segment(): string {
    const plausible = ['1', '2', '999999', 'owned', 'wishlist', 'mia', 'de', 'Benjamin%20Bl%C3%BCmchen', 'csv', 'json', 'feed.rss', SOME_UUID];
    if (this.random() < 0.4) return this.pick(plausible);
    const value = this.bad();
    const text = typeof value === 'string' ? value.slice(0, 300) : JSON.stringify(value ?? null).slice(0, 300);
    return encode(text) || '%20';
  }

  /** A query string of a few known field names with fitting or bad values. */
  query(): string {
    const n = this.int(0, 4);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const name = this.pick(this.names);
      const value = this.fieldValue(name);
      const text = typeof value === 'string' ? value.slice(0, 2000) : JSON.stringify(value ?? null).slice(0, 2000);
      parts.push(`${encode(name)}=${encode(text)}`);
    }
    return parts.length ? `?${parts.join('&')}` : '';
  }
}

/** Routes of Fastify's printRoutes({ commonPrefix: false }) tree: `${METHOD} ${path}` for each. */
export function routesOf(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line.replace(/\s+$/, ''));
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of match[3]!.split(', ')) routes.push({ method, path });
  }
  return routes;
}
