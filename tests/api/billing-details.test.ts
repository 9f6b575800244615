import { describe, expect, it } from 'vitest';
import { signedInUser, stripeApp } from '../support/app';

// Who the invoices are made out to (issue 17, docs/architecture.md#settled-points): asked before the card, editable
// later, and saved on the Stripe customer so every invoice carries the name, the UK address and the
// VAT number, as an HMRC VAT invoice needs.
const t = await stripeApp();
const { fake } = t;

const PRACTICE = {
  name: 'Smile Dental Ltd',
  line1: '12 High Street',
  line2: 'Suite 3',
  city: 'Leeds',
  postcode: 'ls1 4ap',
  vatNumber: '123 4567 89',
};

async function customerOf(userId: number) {
  const row = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) });
  return fake.state.customers.get(row!.stripeCustomerId!)!;
}
const vatIdsOf = (customer: string) =>
  [...fake.state.taxIds.values()].filter((id) => id.customer === customer).map((id) => id.value);

describe('billing details', () => {
  it('are saved on the Stripe customer, written the UK way, and shown again', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get('/api/billing/details')).json()).toEqual({ details: null });

    const saved = await u.client.put('/api/billing/details', PRACTICE);
    expect(saved.statusCode, saved.body).toBe(200);
    const details = {
      ...PRACTICE,
      postcode: 'LS1 4AP',
      vatNumber: 'GB123456789',
    };
    expect(saved.json()).toEqual({ details });
    expect((await u.client.get('/api/billing/details')).json()).toEqual({ details });

    // A customer is made for someone who has not subscribed yet: the subscribe page asks first.
    const customer = await customerOf(u.id);
    expect(customer).toMatchObject({
      name: 'Smile Dental Ltd',
      address: {
        line1: '12 High Street',
        line2: 'Suite 3',
        city: 'Leeds',
        postal_code: 'LS1 4AP',
        country: 'GB',
      },
    });
    expect(vatIdsOf(customer.id)).toEqual(['GB123456789']);
  });

  it('a changed VAT number replaces the old one on the customer; an empty one removes it', async () => {
    const u = await signedInUser(t.app);
    await u.client.put('/api/billing/details', PRACTICE);
    const customer = await customerOf(u.id);
    expect(
      (await u.client.put('/api/billing/details', { ...PRACTICE, vatNumber: 'GB987654321' })).statusCode,
    ).toBe(200);
    expect(vatIdsOf(customer.id)).toEqual(['GB987654321']);
    // Saving the same again changes nothing at Stripe.
    await u.client.put('/api/billing/details', { ...PRACTICE, vatNumber: 'GB987654321' });
    expect(vatIdsOf(customer.id)).toEqual(['GB987654321']);
    const cleared = await u.client.put('/api/billing/details', { ...PRACTICE, vatNumber: '' });
    expect(cleared.json().details.vatNumber).toBe('');
    expect(vatIdsOf(customer.id)).toEqual([]);
  });

  it('refuses a postcode or VAT number that is not a UK one, naming the field, and saves nothing', async () => {
    const u = await signedInUser(t.app);
    for (const [field, value, message] of [
      ['postcode', '75001', 'Please enter a UK postcode, like SW1A 1AA'],
      ['postcode', 'SW1A', 'Please enter a UK postcode, like SW1A 1AA'],
      ['vatNumber', 'FR12345678901', 'Please enter a UK VAT number, like GB123456789'],
      ['vatNumber', 'GB1234', 'Please enter a UK VAT number, like GB123456789'],
      ['name', '   ', 'Practice or business name is required'],
    ] as const) {
      const res = await u.client.put('/api/billing/details', { ...PRACTICE, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await u.client.get('/api/billing/details')).json()).toEqual({ details: null });
  });

  it('refuses control characters and line breaks in the name and address, naming the field, and saves nothing', async () => {
    const u = await signedInUser(t.app);
    for (const [field, value, label] of [
      ['name', 'Smile\u0007Dental', 'Practice or business name'],
      ['name', 'Smile\u001bDental', 'Practice or business name'],
      ['name', 'Smile\u0085Dental', 'Practice or business name'],
      ['name', 'Smile\u009bDental', 'Practice or business name'],
      ['name', 'Smile\u007fDental', 'Practice or business name'],
      ['line1', '12 High Street\nLeeds', 'Address'],
      ['line1', '12 High\tStreet', 'Address'],
      ['line2', 'Suite 3\r\nFloor 2', 'Address line 2'],
      ['line2', 'Suite\u20283', 'Address line 2'],
      ['city', 'Le\u0008eds', 'Town or city'],
    ] as const) {
      const res = await u.client.put('/api/billing/details', { ...PRACTICE, [field]: value });
      expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.json()).toEqual({
        message: `${field}: ${label} must be one line of text, without control characters`,
      });
    }
    expect((await u.client.get('/api/billing/details')).json()).toEqual({ details: null });
  });

  it('stores a name a spreadsheet would run as a formula as given (the CSVs neutralise it: csv.test.ts)', async () => {
    const u = await signedInUser(t.app);
    const formula = {
      ...PRACTICE,
      name: '=HYPERLINK("http://evil.example","Smile")',
      line1: '+44 High Street',
    };
    const res = await u.client.put('/api/billing/details', formula);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().details).toMatchObject({ name: formula.name, line1: formula.line1 });
    expect((await customerOf(u.id)).name).toBe(formula.name);
  });

  it('when Stripe fails, says so and keeps nothing; trying again works', async () => {
    const u = await signedInUser(t.app);
    await u.client.put('/api/billing/details', PRACTICE);
    const customer = await customerOf(u.id);
    fake.failNext('POST', `/v1/customers/${customer.id}/tax_ids`, { status: 500 });
    const failed = await u.client.put('/api/billing/details', { ...PRACTICE, vatNumber: 'GB111222333' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/payment provider/i);
    expect((await u.client.get('/api/billing/details')).json().details.vatNumber).toBe('GB123456789');
    const retried = await u.client.put('/api/billing/details', { ...PRACTICE, vatNumber: 'GB111222333' });
    expect(retried.statusCode).toBe(200);
    expect(vatIdsOf(customer.id)).toEqual(['GB111222333']);
  });
});
