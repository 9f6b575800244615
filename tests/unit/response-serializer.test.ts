import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { projection, responseSerializerCompiler } from '../../src/server/lib/response-serializer';

const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  plan: z.enum(['free', 'pro']),
  trialEndsAt: z.date().nullable(),
  practice: z.object({ name: z.string(), role: z.string() }).nullable(),
  tags: z.array(z.object({ label: z.string() })),
  note: z.string().optional(),
});

const row = {
  id: 7,
  username: 'ada',
  plan: 'pro',
  password: '$argon2id$v=19$secret-hash',
  trialEndsAt: new Date('2026-12-01T00:00:00Z'),
  practice: { name: 'Smile', role: 'owner', stripeCustomerId: 'cus_secret' },
  tags: [{ label: 'a', internal: 'secret-tag' }],
};

const serialize = (production: boolean, schema: z.ZodType, data: unknown) =>
  // biome-ignore lint/suspicious/noExplicitAny: Fastify's route schema as the compiler receives it
  responseSerializerCompiler(production)({ schema, method: 'GET', url: '/x', httpStatus: '200' } as any)(
    data,
  );

describe('the production response serializer', () => {
  it('writes only the fields the schema names, as zod does, without parsing', () => {
    const written = serialize(true, userSchema, row);
    expect(written).not.toMatch(/secret/);
    expect(written).toBe(JSON.stringify(userSchema.encode(row as z.output<typeof userSchema>)));
    expect(JSON.parse(written)).toEqual({
      id: 7,
      username: 'ada',
      plan: 'pro',
      trialEndsAt: '2026-12-01T00:00:00.000Z',
      practice: { name: 'Smile', role: 'owner' },
      tags: [{ label: 'a' }],
    });
  });

  it('leaves to zod what it does not read plainly: transforms, rewriting checks, unions of objects', () => {
    expect(projection(z.object({ a: z.string().trim() }))).toBeNull();
    expect(projection(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(projection(z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]))).toBeNull();
    expect(projection(z.looseObject({ a: z.string() }))).toBeNull();
    expect(serialize(true, z.object({ a: z.string().trim() }), { a: ' x ' })).toBe('{"a":"x"}');
  });

  it('outside production, zod still checks each answer, and the bytes are the production ones', () => {
    expect(() => serialize(false, userSchema, { ...row, id: 'seven' })).toThrow();
    expect(serialize(false, userSchema, row)).toBe(serialize(true, userSchema, row));
  });
});
